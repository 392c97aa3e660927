import PagerCore
import TerminalUI

/// What happened, as the app sees it.
public enum AppEvent: Equatable, Sendable {
  case keyPressed(Key)
  case mouse(MouseEvent)
  case resized(Size)
  /// Time passed (a frame of a slide or of the loading spinner is due).
  case frameTicked
  case scheduleLoaded(SafeSchedule)
}

/// What the run loop should do after an update, besides drawing.
///
/// The loop draws once after every batch of events (the backend sends only
/// the cells that changed, so an unchanged frame costs microseconds), and asks
/// `nextFrame(after:)` when to wake next.
public enum Effect: Equatable, Sendable {
  case quit(status: Int32)
}

extension AppState {
  /// Handles one event at instant `now` and says what the run loop should do.
  public mutating func update(_ event: AppEvent, at now: Duration) -> [Effect] {
    var effects: [Effect] = []
    switch event {
    case .keyPressed(let key):
      if let status = handle(key, at: now) { effects.append(.quit(status: status)) }
    case .mouse(let mouse):
      handle(mouse, at: now)
    case .resized(let newSize):
      size = newSize
      if !Layout(size).fits { releasePointer(at: now) }
      clampLists()
    case .frameTicked:
      break
    case .scheduleLoaded(let loaded):
      schedule = loaded
      clampLists()
    }
    pager.tick(at: now)
    return effects
  }

  /// When the run loop should wake for the next frame; nil when nothing moves.
  public func nextFrame(after now: Duration) -> Duration? {
    let frame = Duration.nanoseconds(16_666_667)
    if let next = pager.nextFrame(after: now, frameInterval: frame) { return next }
    if schedule == nil { return now + .milliseconds(80) }  // the loading spinner
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
        let dt = seconds(now - p.lastTime)
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

/// A duration in seconds, as a `Double`.
func seconds(_ d: Duration) -> Double {
  let (s, atto) = d.components
  return Double(s) + Double(atto) / 1e18
}
