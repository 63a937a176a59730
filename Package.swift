// swift-tools-version:6.1
// PhotoKit and Core Image for Linux. See ARCHITECTURE.md for the module map.
import PackageDescription

/// C libraries, each reached through one system-library shim imported by exactly one Swift module.
let cShims: [Target] = [
    .systemLibrary(name: "COpenSSLCrypto", path: "Sources/C/COpenSSLCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CExif", path: "Sources/C/CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
    .systemLibrary(name: "CTurboJPEG", path: "Sources/C/CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CSpng", path: "Sources/C/CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
    .systemLibrary(name: "CHeif", path: "Sources/C/CHeif", providers: [.apt(["libheif-dev"])]),
    // No pkgConfig: LibRaw's .pc carries -fopenmp, which SwiftPM refuses; libraw_r.so already links libgomp.
    .systemLibrary(name: "CLibRaw", path: "Sources/C/CLibRaw", providers: [.apt(["libraw-dev"])]),
    .systemLibrary(name: "CFFmpeg", path: "Sources/C/CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]),
    .systemLibrary(name: "CGif", path: "Sources/C/CGif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CWebP", path: "Sources/C/CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CQREncode", path: "Sources/C/CQREncode", providers: [.apt(["libqrencode-dev"])]),
    .systemLibrary(name: "CZBar", path: "Sources/C/CZBar", providers: [.apt(["libzbar-dev"])]),
    // Tesseract confirms CIDetectorTypeText's candidate lines (its English model comes from tesseract-ocr-eng).
    .systemLibrary(name: "CTesseract", path: "Sources/C/CTesseract", providers: [.apt(["libtesseract-dev"])]),
    // dlib's face detector and 68-point landmarks (C++ inside, a C interface out); model from libdlib-data.
    // Optimised even in debug builds: dlib's detector is template code compiled here, ~30× slower at -O0.
    .target(name: "CFaceLandmarks", dependencies: ["CLazyLibraries"], path: "Sources/C/CFaceLandmarks", cxxSettings: [.unsafeFlags(["-O2"])]),
    // dlib's ResNet face descriptors (the model from PyPI's face_recognition_models), for PhotoAnalysis.
    .target(name: "CFaceDescriptors", dependencies: ["CLazyLibraries"], path: "Sources/C/CFaceDescriptors", cxxSettings: [.unsafeFlags(["-O2"])]),
    // No pkgConfig: Debian's libzint-dev ships no .pc file (zint.h is in /usr/include).
    .systemLibrary(name: "CZint", path: "Sources/C/CZint", providers: [.apt(["libzint-dev"])]),
    .systemLibrary(name: "CTiff", path: "Sources/C/CTiff", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
    .systemLibrary(name: "CLCMS2", path: "Sources/C/CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    // Hot pixel loops in C: AVX2/FMA/F16C variants chosen at run time, so a plain `swift build` is fast.
    .target(name: "CPixelKernels", path: "Sources/C/CPixelKernels"),
    // fork + Landlock + rlimits + exec for editing extensions (must run between fork and exec, so in C).
    .target(name: "CSandbox", path: "Sources/C/CSandbox"),
    // A test-only SQLite VFS that fails chosen database writes and flushes (PHOTOS_IO_FAULTS; imported by PhotoLibrary only).
    .target(name: "CSQLiteFaults", path: "Sources/C/CSQLiteFaults", linkerSettings: [.linkedLibrary("sqlite3")]),
    // Text for CITextImageGenerator: a font name resolved by fontconfig, shaped by HarfBuzz, rasterised by FreeType (C).
    // Its headers' folders are named here rather than by pkg-config, whose -l flags would link the libraries at start-up.
    .target(name: "CTextRender", dependencies: ["CLazyLibraries"], path: "Sources/C/CTextRender",
            cSettings: [.unsafeFlags(["-I/usr/include/harfbuzz", "-I/usr/include/freetype2"])]),
    // Movies: FFmpeg's demuxing, decode and encode loops and libswscale's conversions, in C (imported by Movies only).
    .target(name: "CMovieCodec", dependencies: ["CLazyLibraries"], path: "Sources/C/CMovieCodec"),
    // FFmpeg, libheif, LibRaw, Tesseract, ZBar, Zint, libqrencode, dlib and the font stack are not linked: the
    // functions we call are stubs that load their library on first use (scripts/lazy-libraries.py); their shims name
    // no library to link and no pkg-config package (whose -l flags would link them).
    .target(name: "CLazyLibraries", path: "Sources/C/CLazyLibraries",
            linkerSettings: [.linkedLibrary("dl")]),
]

let package = Package(
    name: "PhotoKitLinux",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Photos", targets: ["Photos"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "PhotosUI", targets: ["PhotosUI"]),
        .executable(name: "photos", targets: ["photos"]),
        // Reads RAW files with LibRaw in a process of its own first (RAWProbe); build it beside your program.
        .executable(name: "photokit-raw-probe", targets: ["photokit-raw-probe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // The library service (`photos serve`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // A served library's client (ServedLibrary): HTTP/1.1 over the service's Unix socket, or TCP with TLS.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        // `swift package generate-documentation` (scripts/docs.sh): the DocC catalogs of Photos, PhotosUI, CoreImage.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: cShims + [
        // Apple-named substrate modules (Foundation on Linux lacks these types).
        .target(name: "CoreLocation"),
        .target(name: "CoreGraphics", dependencies: ["CLCMS2", "CCairoDrawing", "OptionalLibraries"]),
        .target(name: "UniformTypeIdentifiers"),
        .target(name: "CoreMedia"),

        // Swift-native cores.
        .target(name: "FetchPredicates"),
        // Which optional C libraries (FFmpeg, libheif, LibRaw, …) are loaded, and loading them with a clear error.
        .target(name: "OptionalLibraries", dependencies: ["CLazyLibraries"]),
        // LibRaw first reads a file in a process of its own (RAWProbe → photokit-raw-probe), so its crashes stay there.
        .target(name: "RAWProbe"),
        .executableTarget(name: "photokit-raw-probe", dependencies: ["CLibRaw"], path: "Sources/C/RAWProbeTool",
                         linkerSettings: [.linkedLibrary("raw_r")]),
        .target(name: "MediaInspection", dependencies: ["OptionalLibraries", "CExif", "CTurboJPEG", "CSpng", "CHeif", "CLibRaw", "CFFmpeg", "CGif", "CWebP", "CTiff", "RAWProbe"]),
        // The POSIX calls of every durable write, with the fault table tests use (PHOTOS_IO_FAULTS, PHOTOS_FAULT_INJECTION).
        .target(name: "DurableFiles"),
        .target(name: "PhotoLibrary", dependencies: [
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            "FetchPredicates", "MediaInspection", "COpenSSLCrypto", "DurableFiles", "CSQLiteFaults",
        ]),

        // Pixels: codecs and ImageIO's API; the Core Image engine; the UIImage subset.
        // Parts of a JPEG decoded with libjpeg's API (row skipping), so two threads share one decode.
        .target(name: "CJPEGRows", path: "Sources/C/CJPEGRows", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "ImageIO", dependencies: [
            "OptionalLibraries", "CoreGraphics", "UniformTypeIdentifiers", "CPixelKernels", "CLCMS2",
            "CTurboJPEG", "CJPEGRows", "CSpng", "CHeif", "CLibRaw", "CGif", "CWebP", "CTiff", "CExif", "RAWProbe",
        ]),
        .target(name: "CoreImage", dependencies: ["OptionalLibraries", "CoreGraphics", "ImageIO", "CPixelKernels", "CLCMS2", "CQREncode", "CZint", "CTextRender",
                                                  "CZBar", "CTesseract", "CFaceLandmarks"]),
        .target(name: "UIKit", dependencies: ["CoreGraphics", "ImageIO", "CoreImage", "UniformTypeIdentifiers"]),
        // Movies: tracks, metadata and frames read (and written) through FFmpeg.
        .target(name: "Movies", dependencies: ["OptionalLibraries", "CoreMedia", "CMovieCodec"]),
        // AVFoundation's asset, track, image-generator and export API over Movies and Core Image.
        .target(name: "AVFoundation", dependencies: ["CoreMedia", "Movies", "MediaInspection", "CoreGraphics", "ImageIO", "CoreImage"]),
        // Where the library side and the pixel side meet: derivatives, image requests, caching.
        .target(name: "ImageManagement", dependencies: ["PhotoLibrary", "DurableFiles", "ImageIO", "CoreGraphics", "CoreImage", "Movies"]),
        // Photo analysis: quality, perceptual hashes, faces and people, salient regions (for memories and projects).
        .target(name: "PhotoAnalysis", dependencies: ["PhotoLibrary", "ImageManagement", "CoreImage", "CoreGraphics", "CFaceDescriptors", "OptionalLibraries"]),

        // Façade with Apple's names.
        // PhotoKit's second back end: a library served by `photos serve` over its Unix socket.
        .target(name: "ServedLibrary", dependencies: [
            "PhotoLibrary",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOTLS", package: "swift-nio"),
        ]),
        .target(name: "Photos", dependencies: [
            "PhotoLibrary", "ServedLibrary", "FetchPredicates", "CoreLocation", "CoreGraphics", "UniformTypeIdentifiers",
            "ImageIO", "UIKit", "ImageManagement", "CoreMedia", "AVFoundation", "Movies", "MediaInspection", "CoreImage",
        ]),

        // Running untrusted editing extensions: a child process that can touch only the files it is given.
        .target(name: "ExtensionSandbox", dependencies: ["CSandbox"]),
        // PhotosUI's non-visual half: the editing-extension protocol, the glue that makes a controller an
        // executable, and the host that discovers, runs and commits extensions; the picker (PHPicker*) without
        // its view, whose item providers (NSItemProvider, in UIKit) read and transcode through ImageManagement.
        .target(name: "PhotosUI", dependencies: ["Photos", "PhotoLibrary", "ServedLibrary", "ExtensionSandbox", "CoreImage", "UIKit", "ImageManagement", "DurableFiles"]),
        // cairo's PDF writer, for the example project extension.
        .systemLibrary(name: "CCairo", path: "Sources/C/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // cairo for CGContext, without linking it (loaded on first use: CLazyLibraries' group "cairo").
        .systemLibrary(name: "CCairoDrawing", path: "Sources/C/CCairoDrawing"),
        // The example project extension: a photo book as a multi-page PDF.
        .executableTarget(name: "photobook", dependencies: ["PhotosUI", "Photos", "CoreImage", "UIKit", "CCairo"], path: "Examples/PhotoBook"),
        // The example editing extension (a Filtster-like vignette + sepia/noir/chrome chain).
        .executableTarget(name: "filtster", dependencies: ["PhotosUI", "CoreImage"], path: "Examples/Filtster"),

        // The built-in editor's adjustment format: chains of Core Image filters (Docs/AdjustmentFormat.md).
        .target(name: "FilterChains", dependencies: ["CoreImage", "CoreGraphics", "ImageIO"]),
        // The built-in editor's motion edits: a filter chain over a video's frames, or a Live Photo's still and frames,
        // rendered through the façades as an iOS app renders them (used by `photos video`/`photos live` and `photos serve`).
        .target(name: "MotionEditing", dependencies: ["FilterChains", "Photos", "AVFoundation", "CoreImage", "CoreGraphics", "Movies"]),

        // The library service: an HTTP API over the cores (routes translate, the cores decide).
        .target(name: "LibraryService", dependencies: [
            "PhotoLibrary", "FetchPredicates", "ImageManagement", "FilterChains", "MotionEditing", "AVFoundation", "CoreImage", "UniformTypeIdentifiers", "Photos", "PhotosUI",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ], resources: [.copy("Resources/openapi.json"), .copy("Resources/web")]),

        // The `photos` command.
        .target(name: "PhotosCommands", dependencies: [
            "Photos", "PhotoLibrary", "FetchPredicates", "ImageIO", "CoreImage", "UIKit", "ImageManagement", "PhotosUI",
            "LibraryService", "FilterChains", "MotionEditing", "AVFoundation", "MediaInspection", "PhotoAnalysis",
            // ServedLibrary's HTTP client serves `photos bench serve`'s set-up requests.
            "ServedLibrary", .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Linked by lld with packed relative relocations (DT_RELR, glibc ≥ 2.36): the ~90,000 relocations of Swift
        // metadata take ~40 KB instead of 2 MB, read at every start. Release builds link the Swift runtime and
        // Foundation in (as `--static-swift-stdlib` does, without changing the compile): the dynamic loader then
        // maps 23 libraries instead of 37 and `photos --version` starts in ~9.5 ms with 23 MiB instead of ~13.5 ms
        // with 28 MiB (`photos bench startup`). Debug builds, which tests link often, keep them shared.
        .executableTarget(name: "photos", dependencies: ["PhotosCommands"],
                          linkerSettings: [
                              .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
                              .unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections"], .when(configuration: .release)),
                          ]),
        .executableTarget(name: "photokit-example", dependencies: ["Photos"]),

        // Tests.
        .target(name: "_TestSupport", dependencies: ["CTurboJPEG", "PhotoLibrary"], path: "Tests/_TestSupport"),
        // glibc's heap statistics for tests that check a path leaves no memory behind.
        .systemLibrary(name: "CMalloc", path: "Tests/CMalloc"),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "_TestSupport", "CMalloc", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "PhotosTests", dependencies: ["Photos", "PhotosUI", "PhotoLibrary", "ServedLibrary", "ImageManagement", "_TestSupport", "CoreImage"]),
        .testTarget(name: "ImportTests", dependencies: ["PhotoLibrary", "_TestSupport"]),
        .testTarget(name: "PhotosCommandsTests", dependencies: ["PhotosCommands", "FilterChains", "MotionEditing", "PhotoLibrary", "Photos", "CoreImage", "_TestSupport",
                                                             .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "CrashRecoveryTests", dependencies: ["PhotoLibrary", "DurableFiles", "_TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ShimTests", dependencies: ["CoreLocation", "CoreGraphics", "UniformTypeIdentifiers"]),
        .target(name: "_Testing_CoreGraphics", dependencies: ["CoreGraphics"], path: "Tests/_Testing_CoreGraphics"),
        .testTarget(name: "PhotosTypesTests", dependencies: ["Photos", "_Testing_CoreGraphics", "_Testing_UIKit"]),
        .testTarget(name: "MediaInspectionTests", dependencies: ["MediaInspection", "OptionalLibraries"]),
        .testTarget(name: "CoreMediaTests", dependencies: ["CoreMedia"]),
        .testTarget(name: "AVFoundationTests", dependencies: ["AVFoundation", "Movies", "CoreMedia", "_TestSupport", "_Testing_CoreGraphics"]),
        .target(name: "_Testing_CoreImage", dependencies: ["CoreImage", "_Testing_CoreGraphics"], path: "Tests/_Testing_CoreImage"),
        .target(name: "_Testing_UIKit", dependencies: ["UIKit", "_Testing_CoreGraphics"], path: "Tests/_Testing_UIKit"),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "UIKit", "RAWProbe", "_TestSupport", "_Testing_CoreGraphics"]),
        .testTarget(name: "ImageManagementTests", dependencies: ["Photos", "ImageManagement", "PhotoLibrary", "CoreImage", "ImageIO", "MediaInspection", "_TestSupport", "_Testing_CoreGraphics", "_Testing_UIKit"]),
        .testTarget(name: "CoreImageTests", dependencies: ["CoreImage", "ImageIO", "_TestSupport", "_Testing_CoreImage", "CLCMS2", "CPixelKernels"], exclude: ["References"]),
        .systemLibrary(name: "CSQLite3", path: "Tests/CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .testTarget(name: "FetchPredicatesTests", dependencies: ["FetchPredicates", "CSQLite3"]),
        .testTarget(name: "ExtensionSandboxTests", dependencies: ["ExtensionSandbox", "_TestSupport"]),
        .testTarget(name: "LibraryServiceTests", dependencies: ["LibraryService", "PhotoLibrary", "ImageManagement", "ImageIO", "_TestSupport"]),
        .testTarget(name: "PhotoAnalysisTests", dependencies: ["PhotoAnalysis", "PhotoLibrary", "ImageManagement", "_TestSupport"]),
        .testTarget(name: "PhotosUITests", dependencies: ["PhotosUI", "Photos", "PhotoLibrary", "CoreImage", "_TestSupport"]),
        // The seed "Editing" snippets as written: their extension controller captures `self` and the completion
        // handler in a global-queue closure, which Swift 6 mode rejects (on Apple platforms too), so Swift 5 mode.
        .testTarget(name: "EditingSnippetTests", dependencies: ["PhotosUI", "Photos", "CoreImage", "_TestSupport"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        // An editing extension that crashes, hangs, probes its sandbox or writes garbage on request.
        .executableTarget(name: "photos-test-extension", dependencies: ["PhotosUI", "CoreImage"], path: "Tests/_TestExtension"),
        // A project extension that crashes, hangs, stores too much, writes past the library or probes its sandbox on request.
        .executableTarget(name: "photos-test-project-extension", dependencies: ["PhotosUI", "Photos", "CoreImage", "UIKit", "CSQLite3"],
                          path: "Tests/_TestProjectExtension"),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/, Docs/Fuzzing.md). They exist only when scripts/fuzz.sh builds with PHOTOKIT_FUZZ=1,
// `-sanitize=fuzzer,address` and its own build path: their `main` hands over to libFuzzer's driver, which only
// that build links, so a plain `swift build` never sees them.
if Context.environment["PHOTOKIT_FUZZ"] == "1" {
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/\(name)")
    }
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "Fuzz/FuzzSupport"),
        fuzzTarget("media-inspection", ["MediaInspection"]),
        fuzzTarget("image-decode", ["ImageIO", "CoreGraphics"]),
        fuzzTarget("predicates", ["FetchPredicates"]),
        fuzzTarget("filter-chains", ["FilterChains", "CoreImage", "CoreGraphics"]),
        fuzzTarget("extension-manifest", ["PhotosUI", "Photos", "PhotoLibrary"]),
        fuzzTarget("raw-develop", ["CoreImage", "CoreGraphics"]),
        fuzzTarget("movie-decode", ["Movies", "CoreMedia"]),
        fuzzTarget("movie-export", ["Movies", "CoreMedia"]),
        fuzzTarget("kernel-source", ["CoreImage", "CoreGraphics"]),
        fuzzTarget("qr-symbol", ["CoreImage"]),
        fuzzTarget("service-requests", ["LibraryService"]),
        fuzzTarget("service-http", ["LibraryService"]),
    ]
}
