import CStartup
import CursesTerminal
import Schedule
import TerminalUI
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Runs youbi: what the command line asks for, in order. Every way out is an
/// exit status, with at most one line on standard error.
func main() -> Int32 {
  // Process-wide setup, once, before any thread starts.
  youbi_populate_bss()
  TextWidth.prepareLocale()
  SystemTimeZones.prepareLocalZone()
  do throws(Exit) {
    if let opml = ImportOPML.file(in: Arguments.afterName) {
      return try ImportOPML.run(opml)
    }
    let options: Options
    do {
      options = try Options.parse(Arguments.afterName)
    } catch {
      throw Exit(64, "youbi: \(error.message) (see youbi --help)")
    }
    if options.help { return try writeOutput(Options.usage + "\n") }
    if options.version { return try writeOutput(version + "\n") }
    let launch = try Launch(options: options)
    if options.initialize { return try launch.initialize() }
    if options.refresh { return try launch.refresh(clock: SystemClock()) }
    if options.sync { return try launch.sync(clock: SystemClock()) }
    if options.check { return try launch.check() }
    let clock = SystemClock()
    if launch.printsPlainText { return try launch.printPlainText(clock: clock) }
    return try launch.runInTerminal(clock: clock)
  } catch {
    fail(error.message)
    return error.status
  }
}

exit(main())
