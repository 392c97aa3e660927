import PagerCore
import TerminalUI

/// What happened, as the app sees it: input, time passing, and the results of effects.
public enum AppEvent: Equatable, Sendable {
  case keyPressed(Key)
  case mouse(MouseEvent)
  /// Text pasted into the terminal (bracketed paste): not keys, never acted on as keys.
  case pasted(String)
  case resized(Size)
  /// The deadline the state asked for with `.wake(at:)` has come.
  case timerFired
  /// A `.load` effect finished.
  case scheduleLoaded(Result<SafeSchedule, ScheduleError>)
  /// A signal asked the program to stop (or the terminal went away: SIGHUP).
  case signalled(Int32)
  /// The terminal will never send anything again.
  case inputEnded
  /// A `.loadState` or `.save` reached the state file: the marks on disk now
  /// (this process's merged with every other's), or why not (a failed save is
  /// tried again by the saver, with no further effect needed).
  case stateSynced(Result<Marks, StateFileError>)
  /// The state file could not be parsed; it was moved to this path, kept for the person to look at.
  case stateFileMovedAside(to: String)
  /// An `.open` finished: the browser has the link, or why not.
  case urlOpened(Result<WebURL, OpenFailure>)
}

/// A decision the run loop carries out; its result, if any, comes back as an `AppEvent`.
///
/// `update` returns every decision the loop makes, so the loop itself decides
/// nothing: it draws after each batch of events (the backend sends only the
/// cells that changed, so an unchanged frame costs microseconds), performs
/// these, and blocks until the next input or wake-up.
public enum Effect: Equatable, Sendable {
  /// End the run with this exit status; `message` is printed on standard error
  /// once the terminal is restored.
  case quit(status: Int32, message: String? = nil)
  /// Send `.timerFired` at this instant (monotonic). Every update names the
  /// state's one next deadline; an update without a `.wake` means "nothing
  /// moves: block until input".
  case wake(at: Duration)
  /// Read the schedule at `path` (`-` is standard input) off the UI thread;
  /// the result arrives as `.scheduleLoaded`.
  case load(path: String)
  /// Read the state file (marks and stars) off the UI thread; the marks
  /// arrive as `.stateSynced`.
  case loadState
  /// Save these marks: merged with the state file under its lock and written
  /// atomically, off the UI thread, within a second; the merged marks arrive
  /// as `.stateSynced`. The run loop finishes the last save before it quits.
  case save(Marks)
  /// Open this link in a browser; the result arrives as `.urlOpened`.
  case open(WebURL)
  /// Put this text on the clipboard (OSC 52, through the terminal).
  case copy(String)
}

extension AppState {
  /// The interval between frames of a slide (60 per second).
  static let frameInterval = Duration.nanoseconds(16_666_667)
  /// The interval between frames of the loading spinner.
  static let spinnerInterval = Duration.milliseconds(80)

  /// Handles one event at `now` and says what the run loop should do.
  public mutating func update(_ event: AppEvent, at now: Moment) -> [Effect] {
    let t = now.uptime
    wall = now.wall
    var effects: [Effect] = []
    switch event {
    case .keyPressed(let key):
      if let status = handle(key, at: t) { effects.append(.quit(status: status)) }
    case .mouse(let mouse):
      handle(mouse, at: t)
    case .pasted:
      break  // Pasted text is not a key press; nothing takes text yet.
    case .resized(let newSize):
      size = newSize
      if !Layout(size).fits { releasePointer(at: t) }
      clampLists()
    case .timerFired:
      break  // Time moved on: the tick below and the next draw show it.
    case .scheduleLoaded(.success(let loaded)):
      schedule = loaded
      clampLists()
    case .scheduleLoaded(.failure(let error)):
      // Nothing was on screen yet: the run ends with the error, as it would have before the UI.
      effects.append(.quit(status: error.exitCode, message: error.message))
    case .signalled(let signal):
      effects.append(.quit(status: 128 + signal))
    case .inputEnded:
      effects.append(.quit(status: 0))
    case .stateSynced(let result):
      stateSynced(result)
    case .stateFileMovedAside(let path):
      notice = .stateFileMovedAside(to: path)
    case .urlOpened(let result):
      notice = Notice(result)
    }
    for pagerEvent in pager.tick(at: t) {
      switch pagerEvent {
      case .pageWillChange, .pageDidChange, .snapped:
        break  // The view reads the pager itself; a settle or snap draws as any frame does.
      case .refused:
        break  // Only bounded pagers refuse, and the week loops.
      }
    }
    if let next = nextDeadline(after: t) { effects.append(.wake(at: next)) }
    return effects
  }

  /// The state's next deadline: the next frame of a slide or of the loading
  /// spinner; nil when nothing moves.
  func nextDeadline(after now: Duration) -> Duration? {
    if let next = pager.nextFrame(after: now, frameInterval: Self.frameInterval) { return next }
    if schedule == nil { return now + Self.spinnerInterval }
    return nil
  }

  /// Rows of list a page shows at the current size.
  var listRows: Int { Layout(size).listRows }

  private mutating func clampLists() {
    for day in Weekday.allCases {
      lists[day.rawValue].clamp(count: serials(day).count, rows: listRows)
    }
  }

  /// Moves the cursor of the selected day's list.
  private mutating func moveCursor(_ change: (inout ListState, _ count: Int, _ rows: Int) -> Void) {
    let day = selectedDay
    change(&lists[day.rawValue], serials(day).count, listRows)
  }

  /// Returns an exit status when the key quits.
  private mutating func handle(_ key: Key, at now: Duration) -> Int32? {
    if showHelp {
      showHelp = false
      // `?` and Esc only close the help; any other key also acts as usual.
      if key == .char("?") || key == .escape { return nil }
    }
    let page = listRows
    switch key {
    case .left, .char("h"): pager.step(.backward, at: now)
    case .right, .char("l"): pager.step(.forward, at: now)
    case .up, .char("k"): moveCursor { $0.move(by: -1, count: $1, rows: $2) }
    case .down, .char("j"): moveCursor { $0.move(by: 1, count: $1, rows: $2) }
    case .pageUp, .char("b"): moveCursor { $0.move(by: -(page - 1), count: $1, rows: $2) }
    case .pageDown, .char(" "): moveCursor { $0.move(by: page - 1, count: $1, rows: $2) }
    case .home, .char("g"): moveCursor { $0.move(to: 0, count: $1, rows: $2) }
    case .end, .char("G"): moveCursor { $0.move(to: $1 - 1, count: $1, rows: $2) }
    case .char("t"): pager.jump(to: today.rawValue, at: now)
    case .char("?"): showHelp = true
    case .char("q"), .escape: return 0
    case .char("\u{03}"): return 130  // Ctrl-C as a key (raw input); a terminal sends SIGINT
    case .char(let c) where ("1"..."7").contains(c):
      pager.jump(to: Int(c.value - 0x31), at: now)
    case .char, .enter, .backspace, .tab, .backTab, .function:
      break
    }
    return nil
  }

  private mutating func handle(_ mouse: MouseEvent, at now: Duration) {
    let layout = Layout(size)
    if mouse.kind == .release {
      releasePointer(at: now, clickAt: layout.fits ? mouse : nil)
      return
    }
    guard layout.fits else { return }
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let delta = mouse.kind == .wheelUp ? -3 : 3
      moveCursor { $0.scroll(by: delta, count: $1, rows: $2) }
    case .press:
      showHelp = false
      if layout.tabs.contains(x: mouse.x, y: mouse.y) {
        if let tab = tabBar(at: now).tab(atColumn: mouse.x, width: layout.tabs.width) {
          pager.jump(to: tab, at: now)
        }
      } else if layout.hints.contains(x: mouse.x, y: mouse.y) {
        let rects = layout.hintRects(previous: hints.previous, next: hints.next)
        if rects.previous.contains(x: mouse.x, y: mouse.y) { pager.step(.backward, at: now) }
        if rects.next.contains(x: mouse.x, y: mouse.y) { pager.step(.forward, at: now) }
      } else if layout.page.contains(x: mouse.x, y: mouse.y) {
        pointer = Pointer(startX: mouse.x, startY: mouse.y, lastX: mouse.x, lastTime: now)
      }
    case .drag:
      guard var p = pointer else { return }
      if !p.swiping && abs(mouse.x - p.startX) >= 2 {
        p.swiping = true
        pager.beginDrag(at: now)
      }
      if p.swiping {
        let width = Double(max(1, layout.page.width))
        let dt = (now - p.lastTime).secondsValue
        if dt > 0 { p.velocity = -Double(mouse.x - p.lastX) / width / dt }
        pager.dragMoved(to: -Double(mouse.x - p.startX) / width, at: now)
      }
      p.lastX = mouse.x
      p.lastTime = now
      pointer = p
    case .release:
      break  // handled above, whatever the size
    }
  }

  /// Ends a tracked press: a swipe finishes (or springs back); a click on a
  /// list row moves the cursor there. Also called when the screen becomes too
  /// small mid-drag, so a swipe never stays half done.
  private mutating func releasePointer(at now: Duration, clickAt mouse: MouseEvent? = nil) {
    guard let p = pointer else { return }
    pointer = nil
    if p.swiping {
      // A finger that stopped before letting go is not a flick.
      let stale = now - p.lastTime > .milliseconds(100)
      pager.endDrag(velocity: stale || mouse == nil ? 0 : p.velocity, at: now)
      return
    }
    let layout = Layout(size)
    guard let mouse, mouse.y == p.startY, mouse.y > layout.page.y else { return }
    let day = selectedDay
    let index = lists[day.rawValue].offset + mouse.y - layout.page.y - 1
    guard index < serials(day).count else { return }  // below the last serial
    moveCursor { $0.move(to: index, count: $1, rows: $2) }
  }
}
