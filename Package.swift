// swift-tools-version: 6.0
import PackageDescription

// One module per pipeline stage; each imports only the stages before it. Primitives (file stamps, folder walks,
// file locks, atomic writes, the folders rmwiki must never take, line records, durations, counts in words, edit
// distance, FNV-1a, HTML/XML and JSON escaping, JSON scanning) is under every module but Pictures; Markdown and
// Mustache are library products of their own; Pictures decodes, resizes and encodes avatars; RickAndMortyAPI fetches
// and caches; HTTPServer serves the preview; SVGCharts draws the statistics; WikiModel turns records into page models
// and their template values; SiteOutput publishes a folder atomically; WikiBuild renders and publishes the site;
// RMWikiCLI parses commands; rmwiki is its thin main.
let package = Package(
    name: "RickAndMortyWiki",
    products: [
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "Markdown", targets: ["Markdown"]),
        .executable(name: "rmwiki", targets: ["rmwiki"]),
        .executable(name: "rmwiki-bench", targets: ["Benchmarks"]),
    ],
    targets: [
        .target(name: "Mustache", dependencies: ["Primitives"]),
        .target(name: "Primitives"),
        .target(name: "Markdown", dependencies: ["Primitives"]),
        // Optimised even in debug builds: the tests decode every avatar and thousands of fuzzed ones, which an
        // unoptimised decoder takes minutes over.
        .target(name: "Pictures", swiftSettings: [.unsafeFlags(["-O"])]),
        .target(name: "RickAndMortyAPI", dependencies: ["Primitives"]),
        .target(name: "HTTPServer", dependencies: ["Primitives"]),
        .target(name: "WikiModel", dependencies: ["Primitives", "Mustache", "RickAndMortyAPI", "SVGCharts", "Markdown", "Pictures"]),
        .target(name: "SiteOutput", dependencies: ["Primitives"]),
        .target(name: "SVGCharts", dependencies: ["Primitives"]),
        .target(name: "WikiBuild", dependencies: ["Primitives", "Mustache", "Markdown", "RickAndMortyAPI", "WikiModel", "SiteOutput", "Pictures"]),
        .target(name: "RMWikiCLI", dependencies: ["Primitives", "Mustache", "Markdown", "RickAndMortyAPI", "WikiBuild", "SiteOutput", "HTTPServer"]),
        .executableTarget(name: "rmwiki", dependencies: ["RMWikiCLI"]),

        // Fixtures: an API look-alike on loopback (tests and rmwiki-bench) and the tests' helpers; rmwiki links neither.
        .target(name: "LoopbackAPI", dependencies: ["Primitives", "HTTPServer", "RickAndMortyAPI"], path: "Tests/LoopbackAPI"),
        .target(name: "TestSupport", dependencies: ["Primitives", "LoopbackAPI", "RickAndMortyAPI", "HTTPServer"], path: "Tests/TestSupport"),
        // The benchmarks (`rmwiki-bench`) live beside the tests, as zola keeps its benches apart: tools for the
        // developers, measured over the full data and against Hugo, never part of rmwiki.
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Primitives", "Mustache", "Markdown", "RickAndMortyAPI", "LoopbackAPI", "SiteOutput", "WikiBuild", "RMWikiCLI", "Pictures", "HTTPServer"],
            path: "Tests/Benchmarks"
        ),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "TestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "TestSupport"]),
        .testTarget(name: "RickAndMortyAPITests", dependencies: ["RickAndMortyAPI", "LoopbackAPI", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "WikiModelTests", dependencies: ["WikiModel", "TestSupport"]),
        .testTarget(name: "SVGChartsTests", dependencies: ["SVGCharts", "TestSupport"]),
        .testTarget(name: "SiteOutputTests", dependencies: ["SiteOutput", "TestSupport"]),
        .testTarget(name: "WikiBuildTests", dependencies: ["WikiBuild", "LoopbackAPI", "TestSupport", "Pictures"], exclude: ["Golden"]),
        .testTarget(name: "SurfaceTests"),
        // The tests that run the built `rmwiki` (and `rmwiki-bench`, whose `child` command measures a process's peak
        // memory) as processes and read what they leave: they need neither the command line's nor the build's modules,
        // so they compile while those do. No test target depends on the executables: `swift test` builds every
        // product anyway, and a test module that waited for `rmwiki`'s link would start compiling later.
        .testTarget(name: "ProcessTests", dependencies: ["LoopbackAPI", "TestSupport", "RickAndMortyAPI", "SiteOutput", "Pictures"]),
        .testTarget(name: "RMWikiCLITests", dependencies: ["RMWikiCLI", "LoopbackAPI", "SiteOutput", "TestSupport", "Pictures"]),
        // The browser suites over a site the `rmwiki` process built (`YoursBrowserTests`: one `WikiBuild` built in
        // process). They need neither the command line nor its test helpers, so they compile beside `RMWikiCLITests`
        // instead of inside it, which compiled alone for the build's last 20 s; their harness is in `TestSupport`.
        .testTarget(name: "BrowserTests", dependencies: ["WikiBuild", "LoopbackAPI", "TestSupport", "RickAndMortyAPI", "HTTPServer"]),
    ]
)

// The tests run as `swift test -c release`: one build, in which the product modules are optimised as users get
// them (the tests' full builds and fetches run at the product's speed, and the processes they spawn are the release
// `rmwiki` beside them) while the code around them, which only calls them, skips the optimiser's compile time: the
// tests, their helpers, the loopback API (it serves the real data's 1,003 records; its JSON is Foundation's) and the
// benchmarks (what they time runs in the product modules or in child processes; optimised, the harness took 20 s of
// CPU to compile).
// The test modules and the benchmarks are leaves, imported by nothing: their interface is written by the compile
// itself instead of by a job of its own, which type-checked every declaration a second time (a sixth of a test
// module's compile).
// Except `PicturesTests`: its comparisons with ImageMagick work out PSNR and SSIM over every avatar's pixels, 16 s
// of CPU a run unoptimised against a few seconds of compile optimised.
let unoptimised: Set<String> = ["TestSupport", "LoopbackAPI", "Benchmarks"]
let optimisedTests: Set<String> = ["PicturesTests"]
for target in package.targets where target.type == .test || unoptimised.contains(target.name) {
    let leaf = target.type == .test || target.type == .executable
    let flags = (optimisedTests.contains(target.name) ? [] : ["-Onone"]) + (leaf ? ["-no-emit-module-separately-wmo"] : [])
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags, .when(configuration: .release))]
}
