import PagerCore
import TerminalUI

extension AppState {
  /// Clicks, the wheel and drags: a click on a tab or a hint moves there, a
  /// drag across the page swipes, a click on a row moves the cursor to it.
  mutating func handle(_ mouse: MouseEvent, at now: Duration) {
    let layout = self.layout
    if mouse.kind == .release {
      releasePointer(at: now, clickAt: layout.fits ? mouse : nil)
      return
    }
    guard layout.fits else { return }
    // Using the mouse keeps what the prompt found, as Enter does.
    if focus == .search && mouse.kind != .drag { keepSearch() }
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let delta = mouse.kind == .wheelUp ? -3 : 3
      moveCursor { $0.scroll(by: delta, count: $1, rows: $2) }
    case .press:
      if let bar = layout.sectionBar, bar.contains(x: mouse.x, y: mouse.y) {
        pressSectionBar(at: mouse.x, layout: layout, now: now)
      } else if layout.tabs.contains(x: mouse.x, y: mouse.y) {
        if let tab = tabBar(at: now).tab(atColumn: mouse.x, width: layout.tabs.width) {
          goTo(tab: tab, at: now)
        }
      } else if layout.hints.contains(x: mouse.x, y: mouse.y) {
        let (previous, next) = hints
        let rects = layout.hintRects(previous: previous ?? "", next: next ?? "")
        if previous != nil, rects.previous.contains(x: mouse.x, y: mouse.y) {
          pager.step(.backward, at: now)
        }
        if next != nil, rects.next.contains(x: mouse.x, y: mouse.y) {
          pager.step(.forward, at: now)
        }
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
        let width = Double(max(1, columnWidth))  // a drag moves the row column by column
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
  mutating func releasePointer(at now: Duration, clickAt mouse: MouseEvent? = nil) {
    guard let p = pointer else { return }
    pointer = nil
    if p.swiping {
      // A finger that stopped before letting go is not a flick.
      let stale = now - p.lastTime > .milliseconds(100)
      pager.endDrag(velocity: stale || mouse == nil ? 0 : p.velocity, at: now)
      return
    }
    let layout = self.layout
    guard let mouse, mouse.y == p.startY else { return }
    selectColumn(atX: mouse.x, at: now)
    guard mouse.y > layout.page.y else { return }
    let index = selectedList.offset + mouse.y - layout.page.y - 1
    let count = selectedPage(of: sections[current]).serials.count
    guard index < count else { return }  // below the last serial
    moveCursor { $0.move(to: index, count: $1, rows: $2) }
  }

  /// A press on the section bar: a button steps to the neighbour it names, a
  /// title slides to its section.
  private mutating func pressSectionBar(at x: Int, layout: Layout, now: Duration) {
    let parts = sectionBarParts(layout: layout)
    if let rect = parts.previous, rect.contains(x: x, y: rect.y) {
      sectionPager.step(.backward, at: now)
    } else if let rect = parts.next, rect.contains(x: x, y: rect.y) {
      sectionPager.step(.forward, at: now)
    } else if parts.tabs.contains(x: x, y: parts.tabs.y),
      let tab = sectionTabBar(at: now).tab(atColumn: x - parts.tabs.x, width: parts.tabs.width)
    {
      sectionPager.jump(to: tab, at: now)
    }
  }
}
