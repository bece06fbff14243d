import Artwork
import Foundation

/// The size a picture's own header gives, to check what libvips wrote without decoding it (read by `PictureHeader`,
/// as a build reads it); nil when the bytes are not of that format.
package enum PictureSize {
    package static func jpeg(_ data: Data) -> (width: Int, height: Int)? { size(data, .jpeg) }
    package static func png(_ data: Data) -> (width: Int, height: Int)? { size(data, .png) }

    private static func size(_ data: Data, _ format: PictureFormat) -> (width: Int, height: Int)? {
        guard let header = try? PictureHeader.read([UInt8](data)), header.format == format else { return nil }
        return (header.width, header.height)
    }
}
