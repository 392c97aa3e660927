import PagerCore
import Schedule
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
  /// The wall clock was set, or the machine woke from sleep: the wall time may
  /// have jumped, so today and the deadlines reckoned from it are planned again.
  case clockChanged
  /// A `.load(path:)` effect finished: one week per section of the file, in order.
  case scheduleLoaded(path: String, Result<[SafeSchedule], ScheduleError>)
  /// A file named in `.watch` changed on disk: written, replaced, created or removed.
  case fileChanged(path: String)
  /// A `.watch` could not be set up; one line saying why.
  case watchFailed(String)
  /// A signal asked the program to stop (or the terminal went away: SIGHUP).
  case signalled(Int32)
  /// The terminal will never send anything again.
  case inputEnded
  /// A `.loadState` read the state file: the marks on disk, or why not.
  case stateSynced(Result<Marks, StateFileError>)
  /// A `.save` reached the state file: the marks on disk now (this process's
  /// merged with every other's), or why not (`update` tries again later).
  case stateSaved(Result<Marks, StateFileError>)
  /// The state file could not be parsed; it was moved to this path, kept for the person to look at.
  case stateFileMovedAside(to: String)
  /// An `.open` finished: the browser has the link, or why not.
  case urlOpened(Result<WebURL, OpenFailure>)
  /// A `.fetch` of a subscription ended: a new copy, the same, or why not.
  case fetched(WebURL, FetchOutcome)
  /// Sending the progress queued for the list at this address ended (`.sync`).
  case synced(WebURL, SyncOutcome)
  /// A `.notify` claimed its release in the state file (or there is no state file to
  /// ask): this youbi announces it. A release another youbi claimed reports nothing.
  /// (Boxed, as `.notify` and `.deliver` are: the enums stay as small as they were, and
  /// no case carries bytes its payload leaves unset, which valgrind would read.)
  indirect case notificationClaimed(Notification)
  /// After a `.copy`: the tmux youbi runs in has `set-clipboard off`, so the copy
  /// never reached the terminal outside.
  case tmuxClipboardOff
  /// A `.loadReferences` finished: the catalogues are in the loader, and these are the
  /// warnings about those that could not be read (one line each).
  case referencesLoaded(warnings: [String])
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
  /// Send `.timerFired` at this instant (monotonic). Every update that does not
  /// quit names the state's one next deadline: the next frame while something
  /// moves, else the next thing that changes by itself (a countdown's minute, the
  /// day's end, a subscription falling due); the loop blocks until then or input.
  case wake(at: Duration)
  /// Read the schedule at `path` (`-` is standard input) off the UI thread, with the
  /// other `pages` of the same source merged into it (`Schedule.merging(pages:)`); the
  /// result arrives as `.scheduleLoaded` for `path`. Placed on the local calendar within
  /// `horizon` (`Placement`; `Horizon()`: the start's).
  case load(path: String, pages: [String] = [], horizon: Horizon = Horizon())
  /// Watch exactly these files (none: stop watching); each change arrives as
  /// `.fileChanged`, a failure to watch as `.watchFailed`. The same files
  /// again: arm the watch again where they are now (a link's new target, a
  /// directory that was removed and made again).
  case watch(paths: [String])
  /// Read the state file (marks and stars) off the UI thread; the marks
  /// arrive as `.stateSynced`.
  case loadState
  /// Save these marks now: merged with the state file under its lock and
  /// written atomically, off the UI thread; the merged marks arrive as
  /// `.stateSaved`. `update` debounces, retries, and waits for the last
  /// save before it quits; one save at a time.
  case save(Marks)
  /// Open this link in a browser; the result arrives as `.urlOpened`.
  case open(WebURL)
  /// Put this text on the clipboard (OSC 52, through the terminal).
  case copy(String)
  /// Fetch this subscription into the cache off the UI thread (a request at
  /// this wall-clock second, conditional when there is a copy); the result
  /// arrives as `.fetched`.
  case fetch(WebURL, at: Int64)
  /// Queue this progress write for its tracker (durably, off the UI thread) and send the
  /// queue; `.synced` comes back once it has been tried.
  case sync(SyncRequest)
  /// A release is due: claim it in the state file under its lock, off the UI thread;
  /// `.notificationClaimed` comes back when this youbi is the one to announce it.
  indirect case notify(Notification)
  /// Send this notification now: its sequence through the terminal, or its command.
  indirect case deliver(Notification)
  /// Read the `reference` catalogues off the UI thread, into the loader (every later
  /// `.load` is enriched by them); `.referencesLoaded` comes back.
  case loadReferences
}

extension AppState {
  /// The interval between frames of a slide (60 per second).
  static let frameInterval = Duration.nanoseconds(16_666_667)
  /// The interval between frames of the loading spinner.
  static let spinnerInterval = Duration.milliseconds(80)

  /// Handles one event at `now` and says what the run loop should do.
  ///
  /// A caller that only wants the state (a test stepping through keys) may drop
  /// the effects; the run loop performs every one.
  @discardableResult
  public mutating func update(_ event: AppEvent, at now: Moment) -> [Effect] {
    let t = now.uptime
    wall = now.wall
    followTheClock()
    // Keys that mean the same everywhere come before the router: Ctrl-C read as a key
    // (raw input) is the interrupt a terminal would send as SIGINT, wherever focus is.
    let event = event == .keyPressed(.interrupt) ? .signalled(2) : event
    if saving.quitting != nil { return quitting(event, at: t) }
    var effects = respond(to: event, at: t)
    effects += settle(at: t)
    let quits = effects.contains { if case .quit = $0 { true } else { false } }
    if !quits, let next = nextDeadline(after: t) { effects.append(.wake(at: next)) }
    return effects
  }

  /// What `event` itself changes and asks for, before the state settles.
  private mutating func respond(to event: AppEvent, at t: Duration) -> [Effect] {
    var effects: [Effect] = []
    switch event {
    case .keyPressed(let key):
      warningsSeen(at: t)
      effects += route(key, at: t)
    case .mouse(let mouse):
      effects += route(mouse, at: t)
    case .pasted(let text):
      paste(text, at: t)  // Into an open search prompt; never acted on as keys.
    case .resized(let newSize):
      size = newSize
      if !layout.fits { releasePointer(at: t) }
      clampLists()
    case .timerFired, .clockChanged:
      // Time moved on (or jumped): the wall clock was read above, the tick below
      // and the next draw show it, and the next deadline is reckoned from it.
      break
    case .scheduleLoaded(let path, let result):
      effects += loaded(path, result)
      notifications.stale = true
    case .fileChanged(let path):
      fileChanged(path, at: t)
    case .watchFailed(let reason):
      unwatched = reason
    case .signalled(let signal):
      effects += requestQuit(128 + signal, at: t)
    case .inputEnded:
      effects += requestQuit(0, at: t)
    case .stateSynced(let result):
      stateSynced(result, loaded: true)
      notifications.stale = true
    case .stateSaved(let result):
      effects += stateSaved(result, at: t)
      notifications.stale = true
    case .stateFileMovedAside(let path):
      notice = .stateFileMovedAside(to: path)
    case .urlOpened(let result):
      notice = Notice(result, labels: labels)
    case .fetched(let url, let outcome):
      effects += fetched(url, outcome)
    case .synced(let account, let outcome):
      synced(account, outcome)
    case .notificationClaimed(let notification):
      effects += notificationClaimed(notification)
    case .tmuxClipboardOff:
      if notice?.topic == .clipboard { notice = Notice(.clipboard, labels.tmuxClipboardOff) }
    case .referencesLoaded(let warnings):
      referencesLoaded(warnings, at: t)
    }
    return effects
  }

  /// After any event: what follows from the state as it is now, whatever changed it.
  private mutating func settle(at t: Duration) -> [Effect] {
    // Every pager moves on, not only the selected one: a week may still be
    // sliding while its section slides away.
    refreshStarFilter()  // stars merged from another process, sections a reload added
    refreshBacklog()  // marks, schedules and the clock decide what is behind
    startSayingWarnings(at: t)
    if showDetails && selectedSerial == nil { showDetails = false }  // its serial is gone
    // What the pagers report as they move needs nothing: the view reads them.
    for i in sections.indices { _ = sections[i].week.tick(at: t) }
    for i in sections.indices { sections[i].calendar.tick(at: t) }  // lands, then re-centres
    _ = sectionPager.tick(at: t)
    var effects = readWholeIfNeeded()
    effects += reloadIfDue(at: t)
    effects += placeAgainIfNeeded()
    effects += fetchIfDue()
    effects += referencesIfDue(at: t)
    if saving.take(at: t) { effects.append(.save(marks)) }
    effects += notifyIfDue()
    return effects
  }

  /// While a quit waits for the last save: the save's result, giving up, or
  /// being asked again end the run; everything else waits with it.
  private mutating func quitting(_ event: AppEvent, at t: Duration) -> [Effect] {
    var effects: [Effect]
    switch event {
    case .stateSaved(let result): effects = stateSaved(result, at: t)
    // A hangup comes twice when the terminal goes (the signal, and the end of
    // input): it is no request to hurry, so the last save still lands.
    case .signalled(1): effects = []
    case .signalled(let signal): effects = requestQuit(128 + signal, at: t)
    case .timerFired: effects = quitIfOutOfPatience(at: t)
    case .keyPressed, .mouse, .pasted, .resized, .clockChanged, .scheduleLoaded, .fileChanged,
      .watchFailed,
      .inputEnded, .stateSynced, .stateFileMovedAside, .urlOpened, .notificationClaimed, .fetched,
      .tmuxClipboardOff, .synced, .referencesLoaded:
      effects = []
    }
    if saving.take(at: t) { effects.append(.save(marks)) }
    let quits = effects.contains { if case .quit = $0 { true } else { false } }
    if !quits, let next = saving.deadline(after: t) { effects.append(.wake(at: next)) }
    return effects
  }

  /// The state's next deadline: the next frame of a slide or of the loading
  /// spinner, the moment to read a changed file again, the next day or the
  /// next change of a countdown on screen; nil when nothing moves.
  ///
  /// Worked out after every update: the earliest is kept as they come, the sections
  /// read where they are (no array of pagers, no copy of a section).
  ///
  /// With `frames` false, the slides' frames are left out: what is left is when the
  /// picture changes by itself (`PreparedFrames` holds a frame until then).
  func nextDeadline(after now: Duration, frames: Bool = true) -> Duration? {
    var next: Duration? = nil
    func consider(_ deadline: Duration?) {
      if let deadline { next = min(next ?? deadline, deadline) }
    }
    let frame = Self.frameInterval
    for s in sections.indices where frames {
      consider(sections[s].week.nextFrame(after: now, frameInterval: frame))
      consider(sections[s].calendar.pager.nextFrame(after: now, frameInterval: frame))
    }
    if frames { consider(sectionPager.nextFrame(after: now, frameInterval: frame)) }
    if sections.contains(where: \.isLoading) || fetchingShown {
      consider(now + Self.spinnerInterval)
    }
    for s in sections.indices {
      if let due = sections[s].reload.due, !sections[s].reload.loading { consider(max(due, now)) }
    }
    consider(referencesDeadline(after: now))
    consider(timeDeadline(after: now))
    consider(feedDeadline(after: now))
    consider(saving.deadline(after: now))
    consider(notifyDeadline(after: now))
    consider(warningsDeadline(after: now))
    return next
  }

  /// Whether anything on screen moves of itself: a slide, a drag, the loading spinner.
  var isMoving: Bool {
    !sectionPager.isSettled
      || sections.contains { !$0.week.isSettled || !$0.calendar.pager.isSettled }
      || sections.contains(where: \.isLoading) || fetchingShown
  }

  /// Rows of list a page shows at the current size.
  var listRows: Int { layout.listRows }

  mutating func clampLists() {
    let rows = listRows
    for i in sections.indices { sections[i].clampLists(rows: rows) }
  }

  /// Moves the cursor of the selected page's list (a weekday's, or a date's).
  mutating func moveCursor(_ change: (inout ListState, _ count: Int, _ rows: Int) -> Void) {
    let count = selectedPage(of: sections[current]).serials.count
    change(&selectedList, count, listRows)
  }
}
