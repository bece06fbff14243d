/// A value with the place it was written.
public struct Located<Value: Equatable & Sendable>: Equatable, Sendable {
    public var value: Value
    public var position: SourcePosition
    public init(_ value: Value, at position: SourcePosition) { self.value = value; self.position = position }
}
