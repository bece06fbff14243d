// libFuzzer harness for the picture header reader a build runs over every picture before libvips sees it
// (Sources/Artwork/PictureHeader.swift): hostile bytes in content/. A crash, a hang or unbounded memory is a finding;
// so is a broken promise: a header read is within the limits (what decoders are then given), and reading never
// depends on more than the bytes (the same answer twice).
//
// Built by bench/fuzz.sh together with Sources/Artwork/PictureHeader.swift (plain Swift) into one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let first = Result { () throws(PictureHeader.Problem) in try PictureHeader.read(bytes) }
    if case .success(let header) = first, header.format != .svg {
        precondition(header.width > 0 && header.height > 0 && header.frames > 0, "\(header)")
        precondition(header.width <= PictureHeader.sideLimit && header.height <= PictureHeader.sideLimit, "\(header)")
        precondition(header.width * header.height * header.frames <= PictureHeader.pixelLimit, "\(header)")
        precondition(header.format != .gif || header.width * header.height <= PictureHeader.gifCanvasLimit, "\(header)")
    }
    if case .failure(let problem) = first { _ = problem.reason(fileName: "fuzz.png") }
    let second = Result { () throws(PictureHeader.Problem) in try PictureHeader.read(bytes) }
    precondition(first == second, "read twice, two answers")
    return 0
}
