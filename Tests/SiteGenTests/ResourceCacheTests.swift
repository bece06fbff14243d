@testable import Artwork
@testable import Companions
import Foundation
@testable import Paint
@testable import SiteGen
import SiteBasics
import SiteGenTestSupport
import Testing

/// The resource cache beside the sources (`cache/cards/`): share cards taken from it instead of drawn, checked against
/// their hash, shared by builds side by side, carried with the site to a new folder.
@Suite struct ResourceCacheTests {
    static let page = """
        ---
        title: Ada Lovelace
        description: Mathematician
        url: https://ada.example/
        ---
        Hello.
        """

    static func site(_ pages: [String: String] = ["content/index.md": page]) -> InMemoryFileSystem {
        InMemoryFileSystem(PhotoAndShareCardTests.templates.merging(pages) { $1 }.reduce(into: [:]) { $0["site/" + $1.key] = $1.value })
    }

    static func entries(_ fileSystem: InMemoryFileSystem) -> [String] {
        ((try? fileSystem.names(in: "site/cache/cards")) ?? []).sorted()
    }

    @Test func eachInputChangesItsOwnKeyAndNothingElse() {
        let avatar = EncodedPicture(isPNG: false, data: Data([1, 2, 3]))
        let base = ShareCard(title: "Ada", tagline: "Maths", address: "https://ada.example/", palette: Theme.standard.light, avatar: avatar)
        let changed: [ShareCard] = [
            ShareCard(title: "Ada K", tagline: "Maths", address: "ada.example", palette: Theme.standard.light, avatar: avatar),
            ShareCard(title: "Ada", tagline: "Math", address: "ada.example", palette: Theme.standard.light, avatar: avatar),
            ShareCard(title: "Ada", tagline: "Maths", address: "ada.example/links", palette: Theme.standard.light, avatar: avatar),
            ShareCard(title: "Ada", tagline: "Maths", address: "ada.example", palette: Theme.standard.dark, avatar: avatar),
            ShareCard(title: "Ada", tagline: "Maths", address: "ada.example", palette: Theme.standard.light,
                      ownColours: StylesheetColours(css: ":root { --ring: #ff0000 }"), avatar: avatar),
            ShareCard(title: "Ada", tagline: "Maths", address: "ada.example", palette: Theme.standard.light, avatar: EncodedPicture(isPNG: false, data: Data([1, 2, 4]))),
            ShareCard(title: "Ada", tagline: "Maths", address: "ada.example", palette: Theme.standard.light, avatar: nil),
        ]
        // The scheme and final slash are not shown, so they are no input.
        let same = ShareCard(title: "Ada", tagline: "Maths", address: "ada.example", palette: Theme.standard.light, avatar: avatar)
        #expect(same.cacheKey == base.cacheKey && same.fileName == base.fileName)
        let keys = Set(([base] + changed).map(\.cacheKey)), names = Set(([base] + changed).map(\.fileName))
        #expect(keys.count == changed.count + 1 && names.count == changed.count + 1)
        // What draws it is part of the key, not of the name: a new librsvg or Cairo does not rename the card.
        let newDrawing = PictureLibraries(drawing: "librsvg 9.9.9", vips: PictureLibraries.built.vips)
        #expect(base.cacheKey.count == 64 && base.cacheKey(libraries: newDrawing) != base.cacheKey && base.cacheKey == base.cacheKey(libraries: .built))

        // In a site: one page's title changed draws that page's card alone; the other's entry is the one it had.
        let fileSystem = Self.site(["content/index.md": Self.page, "content/grace.md": Self.page.replacingOccurrences(of: "Ada Lovelace", with: "Grace Hopper")])
        let first = try! Fixtures.builder(fileSystem).build()
        let before = Self.entries(fileSystem)
        #expect(first.drawnShareCards.count == 2 && before.count == 2)
        try! fileSystem.overwriteFile("site/content/grace.md", Data(Self.page.replacingOccurrences(of: "Ada Lovelace", with: "Grace B. Hopper").utf8))
        try! fileSystem.removeItem("site/Output")
        let second = try! Fixtures.builder(fileSystem).build()
        #expect(second.drawnShareCards.count == 1 && second.drawnShareCards[0].hasPrefix("grace/"))
        // Every page rendered: the cache keeps the two cards in use, Grace's old one is gone.
        let now = Self.entries(fileSystem)
        #expect(now.count == 2 && Set(now).intersection(before).count == 1)
    }

    /// Each kind of entry is keyed by the library that makes it, and only by that one: librsvg (with the Cairo, Pango and
    /// zlib it loads) draws cards and an SVG avatar's pictures; libvips makes photos and decodes a card's JPEG avatar.
    @Test func eachLibraryChangesTheKeysOfWhatItMakesAndNoOther() {
        let built = PictureLibraries.built
        #expect(built.drawing.hasPrefix("librsvg 2.") && built.drawing.contains(" cairo ") && built.drawing.contains(" pango ")
                && built.vips == "libvips " + Vips.version)
        let newDrawing = PictureLibraries(drawing: built.drawing + "-next", vips: built.vips)
        let newVips = PictureLibraries(drawing: built.drawing, vips: built.vips + "-next")
        func card(_ avatar: EncodedPicture?) -> ShareCard {
            ShareCard(title: "Ada", tagline: "Maths", address: "ada.example", palette: Theme.standard.light, avatar: avatar)
        }
        // (what is keyed, its key under each set of libraries)
        let keyed: [(name: String, key: (PictureLibraries) -> String, drawnBy: Set<String>)] = [
            ("card with initials", { card(nil).cacheKey(libraries: $0) }, ["librsvg"]),
            ("card with a PNG avatar", { card(EncodedPicture(isPNG: true, data: Data([1]))).cacheKey(libraries: $0) }, ["librsvg"]),
            ("card with a JPEG avatar", { card(EncodedPicture(isPNG: false, data: Data([1]))).cacheKey(libraries: $0) }, ["librsvg", "libvips"]),
            ("SVG avatar", { AvatarEntry.key(source: Data([1]), fileName: "ada.svg", libraries: $0) }, ["librsvg"]),
            ("JPEG avatar", { AvatarEntry.key(source: Data([1]), fileName: "ada.jpg", libraries: $0) }, ["libvips"]),
            ("WebP avatar", { AvatarEntry.key(source: Data([1]), fileName: "ada.webp", libraries: $0) }, ["libvips"]),
            ("background photo", { PhotoEntry.key(source: Data([1]), fileName: "sky.jpg", slot: .background, libraries: $0) }, ["libvips"]),
            ("picture in the text", { PhotoEntry.key(source: Data([1]), fileName: "sky.png", slot: .text, libraries: $0) }, ["libvips"]),
        ]
        for entry in keyed {
            let key = entry.key(built)
            #expect((entry.key(newDrawing) != key) == entry.drawnBy.contains("librsvg"), "\(entry.name): librsvg")
            #expect((entry.key(newVips) != key) == entry.drawnBy.contains("libvips"), "\(entry.name): libvips")
        }
        // The default is this build's libraries.
        #expect(card(nil).cacheKey == card(nil).cacheKey(libraries: built)
                && AvatarEntry.key(source: Data([1]), fileName: "ada.svg") == AvatarEntry.key(source: Data([1]), fileName: "ada.svg", libraries: built)
                && PhotoEntry.key(source: Data([1]), fileName: "sky.jpg", slot: .text) == PhotoEntry.key(source: Data([1]), fileName: "sky.jpg", slot: .text, libraries: built))
    }

    @Test func aBuildIntoAnEmptyFolderTakesTheCardsFromTheCache() throws {
        let fileSystem = Self.site()
        let first = try Fixtures.builder(fileSystem).build()
        #expect(first.drawnShareCards.count == 1)
        let card = try fileSystem.readFile("site/Output/" + first.drawnShareCards[0])
        let entry = try #require(Self.entries(fileSystem).first)
        #expect(try fileSystem.readFile("site/cache/cards/" + entry) == card)
        try! fileSystem.removeItem("site/Output")
        let second = try Fixtures.builder(fileSystem).build()
        #expect(second.drawnShareCards == [])
        #expect(try fileSystem.readFile("site/Output/" + first.drawnShareCards[0]) == card)
    }

    @Test(arguments: ["tampered", "truncated", "emptied"])
    func aDamagedEntryIsDrawnAgainAndNeverPublished(_ damage: String) throws {
        let fileSystem = Self.site()
        let first = try Fixtures.builder(fileSystem).build()
        let card = try fileSystem.readFile("site/Output/" + first.drawnShareCards[0])
        let entry = "site/cache/cards/" + (try #require(Self.entries(fileSystem).first))
        var bytes = try fileSystem.readFile(entry)
        switch damage {
        case "tampered": bytes[bytes.count / 2] ^= 0xFF
        case "truncated": bytes = bytes.prefix(bytes.count - 100)
        default: bytes = Data()
        }
        try fileSystem.overwriteFile(entry, bytes)
        try! fileSystem.removeItem("site/Output")
        let second = try Fixtures.builder(fileSystem).build()
        #expect(second.drawnShareCards.count == 1)
        #expect(try fileSystem.readFile("site/Output/" + first.drawnShareCards[0]) == card)
        // The entry is whole again, under the same name.
        #expect(try fileSystem.readFile(entry) == card)
    }

    @Test func aPlantedEntryIsNotPublished() throws {
        let fileSystem = Self.site()
        let first = try Fixtures.builder(fileSystem).build()
        let card = try fileSystem.readFile("site/Output/" + first.drawnShareCards[0])
        let entry = try #require(Self.entries(fileSystem).first)
        // Other bytes under the entry's key, named for their own hash: the key's bytes are not those, and the card
        // drawn is the one published. (A planted picture named for the key's own hash cannot be told from a card
        // without drawing it: the cache is trusted as the sources are, being committed with them.)
        let planted = Data("<script>".utf8)
        try fileSystem.removeFile("site/cache/cards/" + entry)
        try fileSystem.overwriteFile("site/cache/cards/" + entry.prefix(33) + String(repeating: "0", count: 32) + ".png", planted)
        try! fileSystem.removeItem("site/Output")
        let second = try Fixtures.builder(fileSystem).build()
        #expect(second.drawnShareCards.count == 1)
        #expect(try fileSystem.readFile("site/Output/" + first.drawnShareCards[0]) == card)
        #expect(Self.entries(fileSystem) == [entry])
    }

    @Test func aCacheThatCannotBeWrittenLeavesTheBuildAsItWas() throws {
        // `cache` is a file here: the cache is not used, and the build succeeds.
        let fileSystem = Self.site()
        try fileSystem.overwriteFile("site/cache", Data("mine".utf8))
        let result = try Fixtures.builder(fileSystem).build()
        #expect(result.drawnShareCards.count == 1)
        #expect(try fileSystem.readFile("site/cache") == Data("mine".utf8))
    }

    @Test func anAvatarsEntryGivesBackWhatWasMadeAndNothingElse() {
        let photo = PublishedPhoto(path: "ada.jpg", data: Data([1, 2, 3, 10]), width: 256, height: 200)
        let pictures = AvatarPictures(faviconURL: "data:image/png;base64,AAAA", shareCardPicture: EncodedPicture(isPNG: true, data: Data([9, 10, 0])))
        let data = AvatarEntry.encode(photo: photo, pictures: pictures)
        let back = AvatarEntry.decode(data, path: "ada.jpg")
        #expect(back?.photo == photo && back?.pictures == pictures)
        let svg = AvatarEntry.decode(AvatarEntry.encode(photo: nil, pictures: AvatarPictures(faviconURL: nil, shareCardPicture: nil)), path: "a.svg")
        #expect(svg != nil && svg?.photo == nil && svg?.pictures == AvatarPictures(faviconURL: nil, shareCardPicture: nil))
        // Cut short, or with a length beyond its end: nothing.
        #expect(AvatarEntry.decode(data.prefix(data.count - 1), path: "ada.jpg") == nil)
        #expect(AvatarEntry.decode(Data("sitegen avatar \(AvatarEntry.version)\nphoto 1 1 99\n".utf8), path: "ada.jpg") == nil)
        // Each input of the key changes it: the bytes, the format.
        let key = AvatarEntry.key(source: Data([1]), fileName: "a.jpg")
        #expect(key != AvatarEntry.key(source: Data([2]), fileName: "a.jpg") && key != AvatarEntry.key(source: Data([1]), fileName: "a.png"))
        #expect(key == AvatarEntry.key(source: Data([1]), fileName: "b.JPG"))
    }

    @Test func eachInputOfACachedPhotoChangesItsOwnKeyAndNothingElse() {
        let base = PhotoEntry.key(source: Data([1, 2, 3]), fileName: "sky.jpg", slot: .background)
        let changed = [
            PhotoEntry.key(source: Data([1, 2, 4]), fileName: "sky.jpg", slot: .background),
            PhotoEntry.key(source: Data([1, 2, 3]), fileName: "sky.png", slot: .background),
            PhotoEntry.key(source: Data([1, 2, 3]), fileName: "sky.jpg", slot: .text),
            PhotoEntry.key(source: Data([1, 2, 3]), fileName: "sky.jpg", slot: .whole),
            PhotoEntry.key(source: Data([1, 2, 3]), fileName: "sky.jpg", slot: .avatar),
            // An avatar's entry of the same bytes is another entry.
            AvatarEntry.key(source: Data([1, 2, 3]), fileName: "sky.jpg"),
        ]
        #expect(Set([base] + changed).count == changed.count + 1 && base.count == 64)
        // The file's own name and folder are no input: the same bytes moved or renamed are the same photo.
        #expect(base == PhotoEntry.key(source: Data([1, 2, 3]), fileName: "photos/Other.JPG", slot: .background))
    }

    static let photoPage = """
        ---
        title: Ada Lovelace
        description: Mathematician
        background: sky.jpg
        ---
        ![the engine](engine.jpg)
        """

    static func photoSite() throws -> InMemoryFileSystem {
        let fileSystem = Self.site(["content/index.md": Self.photoPage])
        try fileSystem.overwriteFile("site/content/sky.jpg", Fixtures.gpsPhoto)
        try fileSystem.overwriteFile("site/content/engine.jpg", Fixtures.picture(.jpeg, colour: "#2850c8", size: 1200))
        return fileSystem
    }

    static func photoEntries(_ fileSystem: InMemoryFileSystem) -> [String] {
        ((try? fileSystem.names(in: "site/cache/photos")) ?? []).sorted()
    }

    @Test func aBackgroundAndAPictureInTheTextComeFromTheCache() throws {
        let fileSystem = try Self.photoSite()
        _ = try Fixtures.builder(fileSystem).build()
        let published = try ["sky.jpg", "engine.jpg"].map { try fileSystem.readFile("site/Output/" + $0) }
        let entries = Self.photoEntries(fileSystem)
        #expect(entries.count == 2 && entries.allSatisfy { $0.hasSuffix(".photo") }, "\(entries)")
        // Each entry holds what was published (and its size), nothing of the original's metadata.
        let held = try entries.map { try #require(AvatarEntry.decode(try fileSystem.readFile("site/cache/photos/" + $0), path: "x")?.photo?.data) }
        #expect(Set(held) == Set(published))
        // An entry planted under a key with other bytes named for their own hash is taken as it is: proof that a build
        // into an empty folder reads the cache rather than making the photo again.
        let sky = try #require(entries.first { name in (try? fileSystem.readFile("site/cache/photos/" + name)).flatMap { AvatarEntry.decode($0, path: "x")?.photo?.data } == published[0] })
        let planted = AvatarEntry.encode(photo: PublishedPhoto(path: "x", data: Data("other".utf8), width: 600, height: 400),
                                         pictures: AvatarPictures(faviconURL: nil, shareCardPicture: nil))
        try fileSystem.removeFile("site/cache/photos/" + sky)
        try fileSystem.overwriteFile("site/cache/photos/" + sky.prefix(33) + SHA256Digest.hex(planted).prefix(32) + ".photo", planted)
        try fileSystem.removeItem("site/Output")
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try fileSystem.readFile("site/Output/sky.jpg") == Data("other".utf8))
        #expect(try fileSystem.readFile("site/Output/engine.jpg") == published[1])
    }

    /// A picture that fits a slot's box unshrunk is made at its own size, the same bytes whatever the slot: it is made
    /// once for all such slots (`PhotoSlot.making`), and kept once in the cache.
    @Test func aPictureSmallerThanItsSlotsIsMadeOnceForAllOfThem() throws {
        for format in [PhotoFormat.jpeg, .png, .webp, .gif] {
            let small = Fixtures.picture(format, colour: "#2850c8", size: 600), name = "small." + format.rawValue
            let made = try [PhotoSlot.text, .background, .whole].map { try PhotoMaker.photo(small, slot: $0, fileName: name).data }
            #expect(Set(made).count == 1, "\(name)")
            let header = try PhotoMaker.header(small, fileName: name)
            #expect(PhotoSlot.text.making(header) == .whole && PhotoSlot.background.making(header) == .whole && PhotoSlot.avatar.making(header) == .avatar)
        }
        // 1200 px wide: the background's box holds it, the text column's does not.
        let wide = try PhotoMaker.header(Fixtures.picture(.jpeg, colour: "#2850c8", size: 1200), fileName: "wide.jpg")
        #expect(PhotoSlot.background.making(wide) == .whole && PhotoSlot.text.making(wide) == .text)

        let page = """
            ---
            title: Ada Lovelace
            background: sky.jpg
            ---
            ![the sky](sky.jpg) and [the engine](engine.jpg), ![the engine](engine.jpg)
            """
        let fileSystem = Self.site(["content/index.md": page, "content/other.md": "---\ntitle: Other\nbackground: engine.jpg\n---\nHi.\n"])
        try fileSystem.overwriteFile("site/content/sky.jpg", Fixtures.gpsPhoto)
        try fileSystem.overwriteFile("site/content/engine.jpg", Fixtures.picture(.jpeg, colour: "#2850c8", size: 1200))
        _ = try Fixtures.builder(fileSystem).build()
        // sky.jpg (600 × 400) once for the background and the text; engine.jpg once for the background and the link, once
        // for the text column.
        #expect(Self.photoEntries(fileSystem).count == 3, "\(Self.photoEntries(fileSystem))")
        #expect(try fileSystem.readFile("site/Output/sky.jpg") == PhotoMaker.photo(Fixtures.gpsPhoto, slot: .text, fileName: "sky.jpg").data)
    }

    @Test(arguments: ["tampered", "truncated", "emptied"])
    func aDamagedPhotoEntryIsMadeAgainAndNeverPublished(_ damage: String) throws {
        let fileSystem = try Self.photoSite()
        _ = try Fixtures.builder(fileSystem).build()
        let published = try fileSystem.readFile("site/Output/sky.jpg")
        let before = Self.photoEntries(fileSystem)
        for entry in before.map({ "site/cache/photos/" + $0 }) {
            var bytes = try fileSystem.readFile(entry)
            switch damage {
            case "tampered": bytes[bytes.count - 10] ^= 0xFF
            case "truncated": bytes = bytes.prefix(bytes.count - 100)
            default: bytes = Data()
            }
            try fileSystem.overwriteFile(entry, bytes)
        }
        try fileSystem.removeItem("site/Output")
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try fileSystem.readFile("site/Output/sky.jpg") == published)
        // Whole again, under the same names.
        #expect(Self.photoEntries(fileSystem) == before)
        #expect(try before.allSatisfy { AvatarEntry.decode(try fileSystem.readFile("site/cache/photos/" + $0), path: "x") != nil })
    }

    @Test func twoEntriesOfOneKeyAreTriedInTheOrderOfTheirNames() throws {
        // Both named for their own bytes' hash (one planted): the one whose name sorts first is taken, on every file
        // system, whichever order the folder lists them in.
        for plantedFirst in [true, false] {
            let fileSystem = Self.site()
            let first = try Fixtures.builder(fileSystem).build()
            let card = try fileSystem.readFile("site/Output/" + first.drawnShareCards[0])
            let entry = try #require(Self.entries(fileSystem).first)
            let sha = entry.dropFirst(33).prefix(32)
            var planted = Data(), name = ""
            for attempt in 0... {
                planted = Data("planted \(attempt)".utf8)
                name = entry.prefix(33) + SHA256Digest.hex(planted).prefix(32) + ".png"
                if (name.dropFirst(33).prefix(32) < sha) == plantedFirst { break }
            }
            try fileSystem.overwriteFile("site/cache/cards/" + name, planted)
            try fileSystem.removeItem("site/Output")
            let second = try Fixtures.builder(fileSystem).build()
            #expect(second.drawnShareCards == [])
            #expect(try fileSystem.readFile("site/Output/" + first.drawnShareCards[0]) == (plantedFirst ? planted : card))
        }
    }

    /// A build that makes a page or two finds a kept card's entry by the name its bytes give it, without listing a
    /// folder of thousands: only a regular file of that name counts (anything else, or a miss, lists the folder),
    /// and past sixteen looks the folder is listed.
    @Test func aKeptCardIsFoundInTheCacheByItsNameWithoutListingIt() throws {
        let fileSystem = InMemoryFileSystem(["site/site.yml": ""])
        let key = String(repeating: "0123456789abcdef", count: 4), card = Data("a card".utf8)
        ResourceCache(siteFolder: "site", fileSystem: fileSystem).store(card, forKey: key)
        let entry = "site/cache/cards/" + key.prefix(32) + "-" + SHA256Digest.hex(card).prefix(32) + ".png"
        #expect(fileSystem.resolvedKind(at: entry) == .file)
        let listed = fileSystem.listCount(of: "site/cache/cards")

        let cache = ResourceCache(siteFolder: "site", fileSystem: fileSystem)
        #expect(cache.holds(key, picture: { card }))
        #expect(fileSystem.listCount(of: "site/cache/cards") == listed, "found by its name")
        #expect(!cache.holds(String(repeating: "f", count: 64), picture: { Data("another card".utf8) }))
        #expect(fileSystem.listCount(of: "site/cache/cards") == listed + 1, "a miss lists the folder, once")
        #expect(cache.holds(key, picture: { card }))

        let many = ResourceCache(siteFolder: "site", fileSystem: fileSystem)
        for _ in 0..<16 { #expect(many.holds(key, picture: { card })) }
        #expect(fileSystem.listCount(of: "site/cache/cards") == listed + 1)
        #expect(many.holds(key, picture: { card }))
        #expect(fileSystem.listCount(of: "site/cache/cards") == listed + 2, "past sixteen looks, the folder is listed")

        // A folder of the entry's name is not taken for it by its name: the folder is listed.
        try fileSystem.removeItem(entry)
        try fileSystem.makeFolder(entry)
        _ = ResourceCache(siteFolder: "site", fileSystem: fileSystem).holds(key, picture: { card })
        #expect(fileSystem.listCount(of: "site/cache/cards") == listed + 3)
    }

    /// The listing reads a name's key as `parts(of:kind:)` does, and takes no other name for an entry.
    @Test func anEntrysNameIsReadByItsBytesAndNoOtherNameIsAnEntry() {
        let key = String(repeating: "0123456789abcdef", count: 2), sha = String(repeating: "fedcba9876543210", count: 2)
        #expect(ResourceCache.key(of: key + "-" + sha + ".png", kind: .cards) == key)
        #expect(ResourceCache.parts(of: key + "-" + sha + ".png", kind: .cards).map { [$0.key, $0.sha] } == [key, sha])
        #expect(ResourceCache.key(of: key + "-" + sha + ".photo", kind: .photos) == key)
        let others = [key + "-" + sha + ".photo", key + "-" + sha + ".png.tmp", "." + key + "-" + sha + ".png", key + "_" + sha + ".png",
                      key.uppercased() + "-" + sha + ".png", key + "-" + sha.dropFirst() + "g.png", key + "-" + sha.dropLast() + ".png",
                      key + "-" + sha + "é.png", "", ".png"]
        for name in others {
            #expect(ResourceCache.key(of: name, kind: .cards) == nil && ResourceCache.parts(of: name, kind: .cards) == nil, "\(name)")
        }
    }

    // Through the real binary, on disk.

    static func cards(in folder: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("card-") }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    @Test func aSiteClonedToANewFolderWithItsCacheDrawsNothingAndNeverLoadsLibvips() throws {
        // With a photo as its avatar: the photo, its favicon and the card's picture come from the cache too; and so
        // do its background and a picture in its text.
        let folder = try Fixtures.siteOnDisk(Self.page.replacingOccurrences(of: "url:", with: "avatar: ada.jpg\nbackground: sky.jpg\nurl:")
                                             + "\n\n![the engine](engine.png)\n")
        try Fixtures.gpsPhoto.write(to: folder.appendingPathComponent("content/ada.jpg"))
        try Fixtures.gpsPhoto.write(to: folder.appendingPathComponent("content/sky.jpg"))
        try Fixtures.picture(.png, size: 1200).write(to: folder.appendingPathComponent("content/engine.png"))
        let built = try SitegenBinary.run(["build", "-q"], in: folder)
        #expect(built.code == 0, "\(built.errors)")
        let clone = try Fixtures.temporaryFolder().appendingPathComponent("clone")
        try FileManager.default.copyItem(at: folder, to: clone)
        try FileManager.default.removeItem(at: clone.appendingPathComponent("Output"))
        try? FileManager.default.removeItem(at: clone.appendingPathComponent(".sitegen-key"))
        // The dynamic loader names every library it loads (LD_DEBUG=files): libvips is not among them.
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try SitegenBinary.run(["build", "-q"], in: clone, environment: environment)
        #expect(result.code == 0)
        #expect(!result.errors.contains("libvips"))
        let original = try Fixtures.snapshot(folder.appendingPathComponent("Output")), copied = try Fixtures.snapshot(clone.appendingPathComponent("Output"))
        #expect(original.keys.contains("ada.jpg") && original.keys.contains("sky.jpg") && original.keys.contains("engine.png")
                && original.keys.contains { $0.hasPrefix("card-") })
        #expect(copied.filter { $0.key != ".sitegen-manifest" } == original.filter { $0.key != ".sitegen-manifest" })
    }

    @Test func aNewSitesFirstBuildDrawsItsCardAndSVGAvatarWithoutLibvips() throws {
        // `sitegen new`'s site has an SVG avatar and no cache: its card, the card's picture and the contact card's
        // photo are drawn by librsvg, Cairo and Pango alone; the dynamic loader (LD_DEBUG=files) never names libvips.
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "site"], in: folder).code == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try SitegenBinary.run(["build", "-q", "--source", "site"], in: folder, environment: environment)
        #expect(result.code == 0)
        #expect(result.errors.contains("librsvg-2.so.2") && !result.errors.contains("libvips"))
        let output = folder.appendingPathComponent("site/Output")
        #expect(try Self.cards(in: output).count == 1)
        let vCard = try Data(contentsOf: output.appendingPathComponent("contact.vcf"))
        let photo = try #require(DrawnPicture.splitPhoto(vCard).photo)
        let decoded = try DrawnPicture.decoded(photo)
        #expect(decoded.width == CardPainter.avatarSide && decoded.height == CardPainter.avatarSide && decoded.bands == 4)
    }

    @Test func twoBuildsSharingACacheRunSideBySide() throws {
        let folder = try Fixtures.siteOnDisk(Self.page)
        let outcomes = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = try? SitegenBinary.run(["build", "-q", "--output", "Out\(index)"], in: folder)
            outcomes.set(index, result?.code)
        }
        #expect(outcomes.values == [0: 0, 1: 0])
        let one = try Self.cards(in: folder.appendingPathComponent("Out0")), two = try Self.cards(in: folder.appendingPathComponent("Out1"))
        #expect(one.count == 1 && one == two)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/cards").path)
        #expect(entries.count == 1 && entries[0].hasSuffix(".png"), "\(entries)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("cache/cards/" + entries[0])) == one.values.first)
    }

    @Test func aCacheFolderThatIsALinkIsNeitherReadNorWritten() throws {
        let folder = try Fixtures.siteOnDisk(Self.page)
        let elsewhere = try Fixtures.temporaryFolder()
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("cache"), withDestinationURL: elsewhere)
        let result = try SitegenBinary.run(["build", "-q"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
        #expect(try Self.cards(in: folder.appendingPathComponent("Output")).count == 1)
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Int: Int32] = [:]
    func set(_ index: Int, _ code: Int32?) { lock.withLock { values[index] = code ?? -1 } }
}
