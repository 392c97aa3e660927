extension Pager {
  /// The ways this pager breaks its invariants, empty when it is sound.
  ///
  /// One place for the rules the rest of the code relies on (in the spirit of
  /// swift-collections' `_checkInvariants()`): a settled pager is never on a dummy, the
  /// position stays inside the strip, the window draws `count` or `count + 1` adjacent pages.
  /// Pass `now` to also check the position and frame at that instant. Tests and fuzzers call
  /// it after every event.
  public func checkInvariants(at now: Duration? = nil) -> [String] {
    var problems: [String] = []
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }
    let count = mode.pageCount
    if let count {
      check(count > 0, "page count \(count) is not positive")
      check((0..<count).contains(currentPage), "current page \(currentPage) is not a page")
    }
    check(duration >= .zero, "negative duration \(duration)")
    check(slide == nil || drag == nil, "sliding and dragging at once")
    if slide == nil && drag == nil {
      if let count {
        check((0..<count).contains(target), "settled on strip index \(target), not a real page")
      }
      check(
        logicalPage(target) == currentPage, "settled on \(target) but current is \(currentPage)")
    }
    if let slide {
      check(slide.duration > .zero, "slide with non-positive duration \(slide.duration)")
      check(slide.from.isFinite && slide.push.isFinite, "slide with non-finite numbers")
      check(slide.to == target, "slide heads to \(slide.to) but target is \(target)")
      check(exists(slide.to), "slide heads to \(slide.to), outside the strip")
      check(Double(slide.to) != slide.from, "slide of zero length")
      let range = slide.easing.pushRange
      let u = slide.push / (Double(slide.to) - slide.from)
      check(u >= range.lowerBound - 1e-9 && u <= range.upperBound + 1e-9, "push \(u) not monotone")
    }
    if let drag {
      if let count { check((0..<count).contains(drag.base), "drag turns from \(drag.base)") }
      check(drag.origin.isFinite && drag.offset.isFinite, "drag with non-finite numbers")
      if case .bounded(let n) = mode {
        let nearest = min(max(Int(drag.origin.rounded()), 0), n - 1)
        check(nearest == drag.base, "drag turns from \(drag.base), not the nearest page")
      } else {
        check(abs(drag.origin - Double(drag.base)) <= 0.5 + 1e-9, "drag origin far from its base")
      }
    }
    check(pageWindow.count >= 1, "window of \(pageWindow.count) pages")
    check((0..<pageWindow.count).contains(pageWindow.lead), "window lead \(pageWindow.lead)")
    if let now { problems += frameProblems(at: now) }
    return problems
  }

  /// The rules of one frame at `now`, for a viewport of `pageWindow.count` pages of 80.
  ///
  /// Where the window may rest and what a dummy shows: the selected position stays in
  /// `-1...N` (looping), the window draws `count` adjacent pages (`count + 1` mid-slide),
  /// each strip index its logical page, so consecutive columns show consecutive pages round
  /// the loop; at rest the window starts at column 0 with the selected page at `lead`.
  func frameProblems(at now: Duration) -> [String] {
    var problems: [String] = []
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }
    let count = mode.pageCount
    let k = pageWindow.count
    let p = position(at: now)
    check(p.isFinite, "position \(p) is not finite")
    switch mode {
    case .looping(let n):
      check(p >= -1 && p <= Double(n), "position \(p) outside the strip -1...\(n)")
    case .bounded(let n):
      check(p >= -0.5 && p <= Double(n) - 0.5, "position \(p) beyond the rubber band")
    case .infinite:
      break
    }
    let frame = visiblePages(width: 80, at: now)
    let fewest: Int
    switch mode {
    case .looping, .infinite: fewest = k
    case .bounded: fewest = 1
    }
    check((fewest...(k + 1)).contains(frame.count), "\(frame.count) pages visible")
    for page in frame {
      check(page.column > -80 && page.column < 80 * k, "page \(page.page) at column \(page.column)")
      if let count {
        check((0..<count).contains(page.page), "visible page \(page.page) is not a page")
      }
    }
    for (left, right) in zip(frame, frame.dropFirst()) {
      check(right.column - left.column == 80, "visible pages not adjacent: \(frame)")
      check(right.page == logicalPage(left.page + 1), "a dummy shows another page: \(frame)")
    }
    if !isMoving(at: now) && slide == nil {
      check(p == Double(target), "at rest at \(p), off its page \(target)")
      check(
        frame.contains(VisiblePage(page: currentPage, column: 80 * pageWindow.lead)),
        "at rest without the selected page at its place: \(frame)")
      check(frame.map(\.page) == windowPages, "at rest showing \(frame), not \(windowPages)")
    }
    return problems
  }
}
