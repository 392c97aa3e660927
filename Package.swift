// swift-tools-version:6.0
import PackageDescription

// Youbi's own targets use neither concurrency nor regexes: without the implicit imports
// of _Concurrency and _StringProcessing, the dynamic build does not load
// libswift_Concurrency, libdispatch, libswift_StringProcessing and libswift_RegexParser,
// and the static one does not carry them.
// Concrete generic types (`[Weekday: [Serial]]`'s storage, say) are reached by their
// metadata accessors, not by mangled name: a start then neither demangles nearly a
// hundred names nor scans every protocol conformance in the binary for each `Hashable`
// key type, a seventh of what it used to run before its first frame.
let lean: [SwiftSetting] = [
  .unsafeFlags([
    "-Xfrontend", "-disable-implicit-concurrency-module-import",
    "-Xfrontend", "-disable-implicit-string-processing-module-import",
    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
    "-Xfrontend", "-function-sections",
  ])
]

let package = Package(
  name: "Youbi",
  products: [
    .library(name: "PagerCore", targets: ["PagerCore"]),
    .library(name: "JSON", targets: ["JSON"]),
    .library(name: "Zones", targets: ["Zones"]),
    .library(name: "Schedule", targets: ["Schedule"]),
    .executable(name: "youbi", targets: ["youbi"]),
  ],
  targets: [
    // Core
    // PagerCore imports no libc, but `rounded()`/`squareRoot()` call libm in debug builds;
    // link it explicitly so executables without a Glibc/Foundation user still link.
    .target(
      name: "PagerCore", swiftSettings: lean,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),

    // POSIX helpers every target below the executable may use: whole reads and
    // writes, errno in words, paths and `mkdir -p`.
    .target(name: "Posix", swiftSettings: lean),

    // Data: a strict JSON reader and writer, and schedules read with it. No terminal code.
    .target(name: "JSON", swiftSettings: lean),
    // The calendar (civil dates, weekdays) and the zone database (TZif files, POSIX TZ
    // rules, a zone's offsets over a span): no schedule in it.
    .target(name: "Zones", dependencies: ["Posix"], swiftSettings: lean),
    // Expat reads the XML feeds (RSS, Atom) and OPML subscription lists.
    .systemLibrary(name: "CExpat", path: "CExpat"),
    .target(
      name: "Schedule", dependencies: ["JSON", "Posix", "Zones", "CExpat"], swiftSettings: lean),

    // Terminal
    .systemLibrary(name: "CWidth", path: "CWidth"),
    .target(name: "TerminalUI", dependencies: ["PagerCore", "CWidth"], swiftSettings: lean),
    .systemLibrary(name: "CNcurses", path: "CNcurses"),
    .target(
      name: "CursesTerminal", dependencies: ["CNcurses", "TerminalUI"], swiftSettings: lean),

    // App: the pure core (state, update, render, effects as data; no Glibc, no
    // Foundation, no clock) and the runtime that performs its effects.
    .target(
      name: "YoubiCore", dependencies: ["PagerCore", "TerminalUI", "Schedule", "JSON"],
      swiftSettings: lean),
    // Linux's timerfd, which Swift's Glibc module leaves out (the clock watcher's).
    .systemLibrary(name: "CTimerFD", path: "CTimerFD"),
    .target(
      name: "YoubiRuntime",
      dependencies: [
        "YoubiCore", "PagerCore", "TerminalUI", "Schedule", "JSON", "Posix", "CTimerFD",
      ],
      swiftSettings: lean),
    .systemLibrary(name: "CStartup", path: "CStartup"),
    .executableTarget(
      name: "youbi",
      dependencies: [
        "YoubiCore", "YoubiRuntime", "Schedule", "JSON", "TerminalUI", "CursesTerminal", "Posix",
        "CStartup",
      ],
      swiftSettings: lean),
    .executableTarget(
      name: "youbi-bench",
      dependencies: [
        "PagerCore", "TerminalUI", "Schedule", "YoubiCore", "YoubiRuntime", "CursesTerminal",
      ]),

    // Tests
    // Test processes set their locale once at load, as the executable does in main.
    .target(name: "TestLocale", path: "Tests/TestLocale"),
    // Helpers every test target may use: paths, seeded randomness, temporary
    // directories, and `TestTerminal`, a headless terminal with a manual clock.
    .target(
      name: "TestSupport", dependencies: ["TestLocale", "TerminalUI"], path: "Tests/TestSupport"),
    // A program that saves marks in a loop, for the crash and two-process tests.
    .target(
      name: "StateProbeSupport", dependencies: ["YoubiCore", "YoubiRuntime", "Schedule"],
      path: "Tests/StateProbeSupport"),
    .executableTarget(
      name: "youbi-state-probe",
      dependencies: ["YoubiCore", "YoubiRuntime", "Schedule", "StateProbeSupport"],
      path: "Tests/StateProbe"),
    .testTarget(name: "PagerCoreTests", dependencies: ["PagerCore", "TestSupport"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
    .testTarget(
      name: "ScheduleTests",
      dependencies: ["Schedule", "Zones", "JSON", "TerminalUI", "TestSupport"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
    .testTarget(
      name: "CursesTerminalTests",
      dependencies: ["CursesTerminal", "CNcurses", "TerminalUI", "TestSupport"]),
    .testTarget(
      name: "YoubiTests",
      dependencies: [
        "YoubiCore", "YoubiRuntime", "Schedule", "JSON", "TerminalUI", "PagerCore", "Posix",
        "TestSupport", "StateProbeSupport",
        "youbi-state-probe",
      ]),
    .testTarget(
      name: "CommandTests",
      dependencies: [
        "youbi", "YoubiCore", "YoubiRuntime", "Schedule", "TerminalUI", "TestSupport",
      ]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["README.md"]),
  ]
)
