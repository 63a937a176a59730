import Foundation
import Testing
import UniformTypeIdentifiers

@Suite struct UTTypeTests {
    @Test func identifiersOfStaticTypes() {
        let expected: [(UTType, String)] = [
            (.item, "public.item"), (.content, "public.content"), (.data, "public.data"),
            (.image, "public.image"), (.jpeg, "public.jpeg"), (.png, "public.png"),
            (.gif, "com.compuserve.gif"), (.tiff, "public.tiff"), (.heic, "public.heic"),
            (.heif, "public.heif"), (.webP, "org.webmproject.webp"), (.rawImage, "public.camera-raw-image"),
            (.bmp, "com.microsoft.bmp"), (.svg, "public.svg-image"), (.movie, "public.movie"),
            (.video, "public.video"), (.audiovisualContent, "public.audiovisual-content"),
            (.quickTimeMovie, "com.apple.quicktime-movie"), (.mpeg4Movie, "public.mpeg-4"),
            (.audio, "public.audio"), (.mpeg4Audio, "public.mpeg-4-audio"), (.mp3, "public.mp3"),
            (.livePhoto, "com.apple.live-photo"), (.json, "public.json"), (.text, "public.text"),
            (.plainText, "public.plain-text"), (.folder, "public.folder"), (.directory, "public.directory"),
            (.dng, "com.adobe.raw-image"), (.pdf, "com.adobe.pdf"), (.zip, "public.zip-archive"),
        ]
        for (type, identifier) in expected {
            #expect(type.identifier == identifier)
            #expect(type.description == identifier)
            #expect(type.isDeclared && !type.isDynamic)
            #expect(UTType(identifier) == type)
        }
    }

    @Test func conformanceChains() {
        #expect(UTType.jpeg.conforms(to: .image))
        #expect(UTType.jpeg.conforms(to: .data))
        #expect(UTType.jpeg.conforms(to: .content))
        #expect(UTType.jpeg.conforms(to: .item))
        #expect(UTType.jpeg.conforms(to: .jpeg))
        #expect(!UTType.jpeg.conforms(to: .movie))
        #expect(UTType.jpeg.supertypes == [.image, .data, .content, .item])
        #expect(UTType.quickTimeMovie.conforms(to: .movie))
        #expect(UTType.quickTimeMovie.conforms(to: .audiovisualContent))
        #expect(!UTType.quickTimeMovie.conforms(to: .video))
        #expect(UTType.video.conforms(to: .movie))
        #expect(UTType.mpeg4Audio.conforms(to: .audio) && UTType.mpeg4Audio.conforms(to: .mpeg4Movie))
        #expect(UTType.heic.conforms(to: .image) && !UTType.heic.conforms(to: .heif))
        #expect(UTType.folder.conforms(to: .directory) && UTType.folder.conforms(to: .item))
        #expect(!UTType.folder.conforms(to: .data))
        #expect(UTType.plainText.conforms(to: .text) && UTType.json.conforms(to: .text))
        #expect(UTType.livePhoto.supertypes.isEmpty)
        #expect(UTType.item.supertypes.isEmpty)
    }

    @Test func subtypeAndSupertype() {
        #expect(UTType.jpeg.isSubtype(of: .image))
        #expect(!UTType.jpeg.isSubtype(of: .jpeg))
        #expect(UTType.image.isSupertype(of: .png))
        #expect(!UTType.image.isSupertype(of: .image))
        #expect(!UTType.png.isSupertype(of: .image))
    }

    @Test func cameraRAWTypes() throws {
        let raws: [(String, String)] = [
            ("dng", "com.adobe.raw-image"), ("cr2", "com.canon.cr2-raw-image"),
            ("cr3", "com.canon.cr3-raw-image"), ("nef", "com.nikon.raw-image"),
            ("arw", "com.sony.arw-raw-image"), ("raf", "com.fuji.raw-image"),
            ("orf", "com.olympus.raw-image"), ("rw2", "com.panasonic.rw2-raw-image"),
            ("pef", "com.pentax.raw-image"), ("srw", "com.samsung.raw-image"),
        ]
        for (ext, identifier) in raws {
            let type = try #require(UTType(filenameExtension: ext))
            #expect(type.identifier == identifier)
            #expect(type.conforms(to: .rawImage) && type.conforms(to: .image))
            #expect(type.isSubtype(of: .rawImage))
            #expect(type.preferredFilenameExtension == ext)
        }
    }

    @Test func filenameExtensionLookup() throws {
        #expect(UTType(filenameExtension: "jpg") == .jpeg)
        #expect(UTType(filenameExtension: "JPG") == .jpeg)
        #expect(UTType(filenameExtension: "JpEg") == .jpeg)
        #expect(UTType(filenameExtension: "heic") == .heic)
        #expect(UTType(filenameExtension: "HEIC")?.identifier == "public.heic")
        #expect(UTType(filenameExtension: "mov") == .quickTimeMovie)
        #expect(UTType(filenameExtension: "mp4") == .mpeg4Movie)
        #expect(UTType(filenameExtension: "m4a") == .mpeg4Audio)
        #expect(UTType(filenameExtension: "png", conformingTo: .image) == .png)
        #expect(UTType(filenameExtension: "webp") == .webP)
        #expect(UTType(filenameExtension: "gif") == .gif)
        #expect(UTType(filenameExtension: "tif") == .tiff)
        #expect(UTType(filenameExtension: "json") == .json)
        #expect(UTType(filenameExtension: "txt") == .plainText)
        #expect(UTType(filenameExtension: "") == nil)

        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
        #expect(UTType.jpeg.tags[.filenameExtension]?.contains("jpg") == true)
        #expect(UTType.quickTimeMovie.preferredFilenameExtension == "mov")
        #expect(UTType.heic.preferredMIMEType == "image/heic")
        #expect(UTType.image.preferredFilenameExtension == nil)
        #expect(UTType.image.tags.isEmpty)
        #expect(UTType.jpeg.localizedDescription == "JPEG image")
    }

    @Test func mimeTypeLookup() {
        #expect(UTType(mimeType: "image/jpeg") == .jpeg)
        #expect(UTType(mimeType: "IMAGE/PNG") == .png)
        #expect(UTType(mimeType: "video/quicktime") == .quickTimeMovie)
        #expect(UTType(mimeType: "video/mp4") == .mpeg4Movie)
        #expect(UTType(mimeType: "audio/mpeg") == .mp3)
        #expect(UTType(mimeType: "image/heic") == .heic)
        #expect(UTType(mimeType: "application/json") == .json)
        #expect(UTType(mimeType: "text/plain; charset=iso-8859-1") == .plainText)
        #expect(UTType(mimeType: "text/plain;charset=utf-8") == .utf8PlainText)
        let unknown = UTType(mimeType: "application/x-made-up")
        #expect(unknown?.isDynamic == true)
        #expect(unknown?.preferredMIMEType == "application/x-made-up")
    }

    @Test func dynamicTypes() throws {
        let type = try #require(UTType(filenameExtension: "xyzzy"))
        #expect(type.isDynamic)
        #expect(!type.isDeclared)
        #expect(type.identifier.hasPrefix("dyn."))
        #expect(type.preferredFilenameExtension == "xyzzy")
        #expect(type.conforms(to: .data) && type.conforms(to: .item))
        #expect(!type.conforms(to: .image))
        #expect(type.localizedDescription == nil)
        // The identifier round-trips.
        let again = try #require(UTType(type.identifier))
        #expect(again == type)
        #expect(again.isDynamic && again.preferredFilenameExtension == "xyzzy")
        // Same input → same identifier.
        #expect(UTType(filenameExtension: "xyzzy")?.identifier == type.identifier)
        // Known extension that does not conform to the requested supertype → dynamic.
        let odd = try #require(UTType(filenameExtension: "jpg", conformingTo: .movie))
        #expect(odd.isDynamic && odd.conforms(to: .movie) && odd != .jpeg)
    }

    @Test func unknownIdentifiersAndOwnTypes() {
        #expect(UTType("com.example.not-declared") == nil)
        #expect(UTType("PUBLIC.JPEG") == .jpeg)
        #expect(UTType("PUBLIC.JPEG")?.identifier == "public.jpeg")
        let mine = UTType(exportedAs: "com.example.recipe", conformingTo: .json)
        #expect(mine.identifier == "com.example.recipe")
        #expect(!mine.isDeclared && !mine.isDynamic)
        #expect(mine.conforms(to: .json) && mine.conforms(to: .text) && mine.conforms(to: .data))
        #expect(UTType(importedAs: "public.png") == .png)
        #expect(UTType(importedAs: "public.png").isDeclared)
    }

    @Test func tagQueries() {
        #expect(UTType.types(tag: "jpg", tagClass: .filenameExtension, conformingTo: nil) == [.jpeg])
        #expect(UTType(tag: "png", tagClass: .filenameExtension, conformingTo: .image) == .png)
        #expect(UTTagClass.filenameExtension.rawValue == "public.filename-extension")
        #expect(UTTagClass.mimeType.rawValue == "public.mime-type")
    }

    @Test func hashableAndCodable() throws {
        let set: Set<UTType> = [.jpeg, UTType("public.jpeg")!, .png]
        #expect(set.count == 2)
        let data = try JSONEncoder().encode([UTType.heic, UTType.livePhoto])
        #expect(String(decoding: data, as: UTF8.self) == #"["public.heic","com.apple.live-photo"]"#)
        #expect(try JSONDecoder().decode([UTType].self, from: data) == [.heic, .livePhoto])
    }
}
