// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Youbi",
  products: [
    .library(name: "PagerCore", targets: ["PagerCore"]),
    .executable(name: "youbi", targets: ["youbi"]),
  ],
  targets: [
    // Core
    // PagerCore imports no libc, but `rounded()`/`squareRoot()` call libm in debug builds;
    // link it explicitly so executables without a Glibc/Foundation user still link.
    .target(
      name: "PagerCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),

    // Terminal
    .systemLibrary(name: "CWidth", path: "CWidth"),
    .target(name: "TerminalUI", dependencies: ["PagerCore", "CWidth"]),
    .systemLibrary(name: "CNcurses", path: "CNcurses"),
    .target(name: "CursesTerminal", dependencies: ["CNcurses", "TerminalUI"]),

    // App
    .target(name: "Youbi", dependencies: ["PagerCore", "TerminalUI"]),
    .executableTarget(name: "youbi", dependencies: ["Youbi", "CursesTerminal"]),
    .executableTarget(
      name: "youbi-bench", dependencies: ["PagerCore", "TerminalUI", "Youbi", "CursesTerminal"]),

    // Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // A program that saves marks in a loop, for the crash and two-process tests.
    .target(name: "StateProbeSupport", dependencies: ["Youbi"], path: "Tests/StateProbeSupport"),
    .executableTarget(
      name: "youbi-state-probe", dependencies: ["Youbi", "StateProbeSupport"],
      path: "Tests/StateProbe"),
    .testTarget(name: "PagerCoreTests", dependencies: ["PagerCore", "TestSupport"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
    .testTarget(
      name: "CursesTerminalTests",
      dependencies: ["CursesTerminal", "CNcurses", "TerminalUI", "TestSupport"]),
    .testTarget(
      name: "YoubiTests",
      dependencies: [
        "Youbi", "TerminalUI", "PagerCore", "TestSupport", "StateProbeSupport",
        "youbi-state-probe",
      ]),
    .testTarget(name: "CommandTests", dependencies: ["youbi", "Youbi"]),
    .testTarget(name: "EndToEndTests", exclude: ["README.md"]),
  ]
)
