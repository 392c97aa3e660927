import Posix
import Schedule
import TerminalUI
import YoubiCore

/// What the run loop does with the effects an update returns: each one carried
/// out here or started on `background`, its results handed back through `inbox`.
///
/// Used on the UI thread only; what runs elsewhere captures only what is `Sendable`.
final class EffectRunner<T: Terminal> {
  let terminal: T
  let inbox: Inbox
  let background: Background
  let loader: RunLoop.Loader
  let stateStore: StateStore?
  let opener: URLOpener?
  let notifier: Notifier
  let fetcher: Fetcher?
  /// After a copy: whether the tmux youbi runs in drops it (nil outside tmux).
  let tmuxClipboardOff: (@Sendable () -> Bool)?
  /// Writes progress back to the trackers (nil: none is).
  let syncer: Syncer?
  /// Reads the `reference` catalogues into the loader; the warnings of those it could
  /// not read (nil: there are none to read).
  var referenceLoader: (@Sendable () -> [String])? = nil
  /// When the state asked to be woken (the last `.wake` performed).
  var deadline: Duration? = nil
  /// The watch on the sections' files, while there is one.
  var watcher: FileWatcher? = nil

  init(
    terminal: T, loader: @escaping RunLoop.Loader,
    stateStore: StateStore?, opener: URLOpener?, notifier: Notifier, fetcher: Fetcher?,
    tmuxClipboardOff: (@Sendable () -> Bool)? = nil, syncer: Syncer? = nil
  ) {
    self.terminal = terminal
    self.inbox = Inbox()
    self.background = Background(waker: terminal.waker)
    self.loader = loader
    self.stateStore = stateStore
    self.opener = opener
    self.notifier = notifier
    self.fetcher = fetcher
    self.tmuxClipboardOff = tmuxClipboardOff
    self.syncer = syncer
  }

  /// Carries out `effects` (`now` is when the update that returned them ran);
  /// returns the outcome when one of them quits.
  func perform(_ effects: [Effect], now: Moment) -> RunLoop.Outcome? {
    deadline = nil
    for effect in effects {
      switch effect {
      case .quit(let status, let message):
        return RunLoop.Outcome(status: status, message: message)
      case .wake(let at):
        deadline = at
      case .load(let path, let pages, let horizon):
        load(path, pages: pages, horizon: horizon)
      case .loadState:
        guard let stateStore else { continue }
        run {
          RunLoop.events(
            of: { () throws(StateFileError) in try stateStore.load() }, AppEvent.stateSynced)
        }
      case .save(let marks):
        save(marks)
      case .open(let url):
        let (inbox, waker) = (inbox, terminal.waker)
        URLOpener.open(url, with: opener, on: terminal, background: background) { result in
          inbox.post(.urlOpened(result))
          waker.wake()
        }
      case .sync(let request):
        sendProgress(request)
      case .copy(let text):
        terminal.copyToClipboard(text)
        if let tmuxClipboardOff { run { tmuxClipboardOff() ? [.tmuxClipboardOff] : [] } }
      case .fetch(let url, let at):
        let fetcher = fetcher
        run {
          let outcome =
            fetcher?.fetch(url, at: at)
            ?? .failed(FetchFailure(.other, "no cache to fetch into (set HOME)"))
          return [.fetched(url, outcome)]
        }
      case .notify(let notification):
        let (inbox, waker) = (inbox, terminal.waker)
        notifier.claim(notification, in: stateStore, at: now.wall, on: background) { event in
          inbox.post(event)
          waker.wake()
        }
      case .deliver(let notification):
        notifier.deliver(notification, on: terminal)
      case .watch(let paths):
        watch(paths)
      case .loadReferences:
        guard let referenceLoader else { continue }
        run { [.referencesLoaded(warnings: referenceLoader())] }
      }
    }
    return nil
  }

  /// Runs `work` on `background` and hands its events back.
  /// Queues `request` (nil: nothing new) and sends the trackers' queue in order; each
  /// account's outcome comes back as `.synced`.
  func sendProgress(_ request: SyncRequest?) {
    let (inbox, waker) = (inbox, terminal.waker)
    syncer?.queueAndSend(request, on: background) { outcomes in
      for (account, outcome) in outcomes { inbox.post(.synced(account, outcome)) }
      waker.wake()
    }
  }

  /// Sends what an earlier run left on the trackers' queue (a youbi killed with writes
  /// queued), once the first frame is out.
  func sendQueuedProgress() {
    guard let syncer, !syncer.queue.pending().isEmpty else { return }
    sendProgress(nil)
  }

  func run(_ work: @escaping @Sendable () -> [AppEvent]) {
    let inbox = inbox
    background.start { for event in work() { inbox.post(event) } }
  }

  /// Reads `path` (and its `pages`) off the UI thread, placed within `horizon`, made
  /// safe there.
  func load(_ path: String, pages: [String], horizon: Horizon) {
    let loader = loader
    run {
      let result = Result { () throws(ScheduleError) in
        // The parsed week is handed over, not kept: the safe one is made from it
        // as it is let go, so a large file's shows are never held twice.
        let safe: [SafeSchedule]
        if pages.isEmpty {
          safe = SafeSchedule.sections(of: try loader(path, horizon))
        } else {
          var read = [try loader(path, horizon)]
          for page in pages { read.append(try loader(page, horizon)) }
          let merged = Schedule.merging(pages: read)
          read = []
          safe = SafeSchedule.sections(of: consume merged)
        }
        // Folded here, off the UI thread, so the first search never waits on it.
        for schedule in safe { schedule.prepareSearch() }
        return safe
      }
      return [.scheduleLoaded(path: path, result)]
    }
  }

  /// Saves `marks`; without a state file they live in memory: "saved" at once.
  func save(_ marks: Marks) {
    guard let stateStore else {
      inbox.post(.stateSaved(.success(marks)))
      terminal.waker.wake()
      return
    }
    run {
      RunLoop.events(
        of: { () throws(StateFileError) in try stateStore.save(marks) }, AppEvent.stateSaved)
    }
  }

  /// Watches `paths` (the same ones again: follows where they are now).
  func watch(_ paths: [String]) {
    if let watcher, watcher.paths == paths, !paths.isEmpty {
      watcher.rearm()
      return
    }
    watcher?.stop()
    watcher = nil
    guard !paths.isEmpty else { return }
    var failures: [String] = []
    let (inbox, waker) = (inbox, terminal.waker)
    watcher = FileWatcher(
      paths: paths,
      report: { changed in
        for path in changed { inbox.post(.fileChanged(path: path)) }
        waker.wake()
      }, failed: { failures.append($0) })
    if !failures.isEmpty {
      inbox.post(.watchFailed(failures.joined(separator: "; ")))
      waker.wake()
    }
  }

  /// Removes, off the UI thread, the temporary files that killed youbis left in
  /// the cache and beside the state file (their pids are gone): at start.
  func sweep() {
    let directories =
      [fetcher?.cache.directory].compactMap { $0 }
      + [stateStore?.location].compactMap { location -> String? in
        guard case .success(let path)? = location else { return nil }
        return Paths.parent(of: path)
      }
    guard !directories.isEmpty else { return }
    background.start { for directory in directories { AtomicFile.sweep(directory) } }
  }

  /// Youbi is quitting: the watch ends, a fetch under way ends with youbi (the
  /// cache keeps its old copy), the work still running gets a moment to remove
  /// its temporary files, and any it could not are removed here.
  func finish() {
    watcher?.stop()
    watcher = nil
    fetcher?.cancelAll()
    if !background.stop() {
      if let fetcher { AtomicFile.removeOwnTemporaries(in: fetcher.cache.directory) }
      if case .success(let path)? = stateStore?.location {
        AtomicFile.removeOwnTemporaries(in: Paths.parent(of: path))
      }
    }
  }
}
