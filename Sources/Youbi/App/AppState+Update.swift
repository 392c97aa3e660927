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

/// What the run loop should do after an update.
public enum Effect: Equatable, Sendable {
  case redraw
  case quit(status: Int32)
}

extension AppState {
  /// Handles one event at instant `now` and says what the run loop should do.
  public mutating func update(_ event: AppEvent, at now: Duration) -> [Effect] {
    var effects: [Effect] = [.redraw]
    switch event {
    case .keyPressed(let key):
      if let status = handle(key, at: now) { effects.append(.quit(status: status)) }
    case .mouse(let mouse):
      handle(mouse, at: now)
    case .resized(let newSize):
      size = newSize
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
      switch key {
      case .char("?"), .escape:
        showHelp = false
        return nil
      default:
        showHelp = false  // any other key closes help and acts as usual
      }
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
    case .char("q"), .char("Q"), .escape: return 0
    case .char("\u{03}"): return 130
    case .char(let c) where ("1"..."7").contains(c):
      pager.jump(to: Int(c.value - 0x31), at: now)
    case .char, .enter, .backspace, .tab, .backTab, .function:
      break
    }
    return nil
  }

  private mutating func handle(_ mouse: MouseEvent, at now: Duration) {
    let layout = Layout(size)
    guard layout.fits else { return }
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let delta = mouse.kind == .wheelUp ? -3 : 3
      moveCursor { $0.scroll(by: delta, count: $1, rows: $2) }
    case .press:
      showHelp = false
      if layout.tabs.contains(x: mouse.x, y: mouse.y) {
        let bar = TabBar(
          labels: Weekday.allCases.map(labels.label), position: pager.position(at: now))
        if let tab = bar.tab(atColumn: mouse.x, width: layout.tabs.width) {
          pager.jump(to: tab, at: now)
        }
      } else if layout.hints.contains(x: mouse.x, y: mouse.y) {
        let target = pager.targetPage
        let rects = layout.hintRects(
          previous: "‹ " + labels.label(weekday(ofPage: target - 1)),
          next: labels.label(weekday(ofPage: target + 1)) + " ›")
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
        let dt =
          Double((now - p.lastTime).components.attoseconds) / 1e18
          + Double((now - p.lastTime).components.seconds)
        if dt > 0 { p.velocity = -Double(mouse.x - p.lastX) / width / dt }
        pager.dragMoved(to: -Double(mouse.x - p.startX) / width, at: now)
      }
      p.lastX = mouse.x
      p.lastTime = now
      pointer = p
    case .release:
      guard let p = pointer else { return }
      pointer = nil
      if p.swiping {
        // A finger that stopped before letting go is not a flick.
        let stale = now - p.lastTime > .milliseconds(100)
        pager.endDrag(velocity: stale ? 0 : p.velocity, at: now)
      } else if mouse.y == p.startY, mouse.y > layout.page.y {
        let row = mouse.y - layout.page.y - 1
        let day = selectedDay
        let list = lists[day.rawValue]
        moveCursor { $0.move(to: list.offset + row, count: $1, rows: $2) }
      }
    }
  }
}
