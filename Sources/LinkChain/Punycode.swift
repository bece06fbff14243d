// Punycode, the Bootstring profile of RFC 3492, written from the algorithm in
// sections 3-6 of the RFC. Case annotations (appendix A) are not produced: non-basic
// code points are encoded with lowercase digits, and basic code points are copied
// as they are.

public enum Punycode {
    // Bootstring parameters for Punycode (RFC 3492 section 5).
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    private static let delimiter = UInt32(UInt8(ascii: "-"))
    /// Largest value any intermediate number may take; RFC 3492 section 6.4 shows that
    /// 26 bits suffice for real labels, so a 32-bit bound is generous and safe.
    private static let maxValue = Int(UInt32.max)

    /// Encodes a string of Unicode scalars (without the `xn--` prefix).
    /// Returns nil only if the input is so long that the deltas overflow.
    public static func encode(_ input: String) -> String? {
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = [UInt8]()

        for scalar in scalars where scalar < initialN {
            output.append(UInt8(scalar))
        }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 {
            output.append(UInt8(delimiter))
        }

        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            // The smallest code point not yet handled.
            guard let next = scalars.filter({ $0 >= n }).min() else { break }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            if overflow || step > maxValue - delta { return nil }
            delta += step
            n = next

            for scalar in scalars {
                if scalar < n {
                    delta += 1
                    if delta > maxValue { return nil }
                }
                if scalar == n {
                    // Emit delta as a generalized variable-length integer.
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias: bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes a Punycode string (without the `xn--` prefix). Returns nil when the input
    /// is not valid Punycode: a non-basic character before the delimiter, a character
    /// that is not a digit after it, a truncated number, an overflow, or a decoded value
    /// that is not a Unicode scalar.
    public static func decode(_ input: String) -> String? {
        let bytes = Array(input.unicodeScalars.map(\.value))
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }

        var output = [Int]()
        var position = 0
        if let last = bytes.lastIndex(of: delimiter) {
            output = bytes[..<last].map { Int($0) }
            position = last + 1
        }

        var n = initialN
        var i = 0
        var bias = initialBias
        while position < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < bytes.count, let value = digitValue(bytes[position]) else { return nil }
                position += 1
                let (product, overflowA) = value.multipliedReportingOverflow(by: weight)
                if overflowA || product > maxValue - i { return nil }
                i += product
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (nextWeight, overflowB) = weight.multipliedReportingOverflow(by: base - t)
                if overflowB || nextWeight > maxValue { return nil }
                weight = nextWeight
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count: count, first: oldI == 0)
            if i / count > maxValue - n { return nil }
            n += i / count
            i %= count
            guard Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(n, at: i)
            i += 1
        }

        var result = String.UnicodeScalarView()
        for value in output {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
            result.append(scalar)
        }
        return String(result)
    }

    /// The threshold t for digit position k (RFC 3492 section 6.2), clamped to [tmin, tmax].
    private static func threshold(_ k: Int, bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    /// Bias adaptation (RFC 3492 section 6.1).
    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0...25 are a...z, 26...35 are 0...9.
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func digitValue(_ code: UInt32) -> Int? {
        switch code {
        case 0x30...0x39: return Int(code - 0x30) + 26   // 0-9
        case 0x41...0x5A: return Int(code - 0x41)        // A-Z
        case 0x61...0x7A: return Int(code - 0x61)        // a-z
        default: return nil
        }
    }
}
