/// What `--help` prints.
extension Options {
  static let usage = """
    Usage: youbi [OPTIONS] [FILE | URL | -]...
           youbi --init
           youbi --check FILE|URL...
           youbi --refresh
           youbi --sync
           youbi --import-opml FILE

    A week of serials in your terminal: seven weekday tabs that slide and loop.
    FILE is a schedule: Youbi's JSON, iCalendar, bangumi-data, a Jikan,
    MyAnimeList or AniList response (pages of one source given together are
    one section), or a feed (RSS, Atom, JSON Feed, MangaDex chapters); '-'
    reads it from standard input. A URL (http or https) is a subscription,
    fetched with curl into ~/.cache/youbi and fetched again when its copy is
    older than 'refresh'. Several show side by side as sections. Without FILE
    the week comes from $YOUBI_SCHEDULE, else the config file's 'schedule'
    lines, else ~/.config/youbi/schedule.json (youbi --init writes one to
    edit), else a built-in demo week.

    Options:
      -d, --day DAY        start on DAY: monday…sunday, mon…sun, 月…日, or today
      --labels ja|en       weekday labels (default: from the locale)
      --duration MS        slide duration in milliseconds (default 250, 0 = none)
      --no-animation       same as --duration 0
      --no-mouse           leave the mouse to the terminal
      --theme NAME         dark, light or mono (default dark)
      --day-starts H       the hour (0–12) a day starts (default 0)
      --no-loop            stop at the ends of the week instead of looping
      --indicator STYLE    underline or block (default underline)
      --cursor             show the terminal's cursor
      --columns N|auto     days side by side, 1 to 7 (default auto: one day
                           below 120 columns, one per 40 above)
      --watch-on SITES     place shows on these streaming sites' slots, the
                           first that has one (crunchyroll,netflix: bangumi-
                           data's site names), else on the TV's
      --config FILE        read settings from FILE
      --no-config          read no config file
      --titles LANG        titles in original, en, ja, zh-Hans or zh-Hant, where
                           a source gives them (default original)
      --print              print this week as plain text and exit: its dates,
                           the entries on them, episode numbers (the --day
                           given, else the whole week)
      --date YYYY-MM-DD    with --print: the week that holds this date
      --all                with --print: every entry as the file writes it
      --next [N]           print the next N releases (default 1) and exit:
                           weekday, time, how long until it, title
      --upcoming TIME      print the releases within TIME (30m, 2h, 1d),
                           nothing when there are none, and exit
      --starred            only starred serials (--next, --upcoming)
      --short              one line of at most 40 columns (--next), for a
                           status bar
      --format FORMAT      text, json or ics (--print, --next, --upcoming)
      --check              check each FILE (else the schedule youbi would
                           show, and the config's references), print every
                           problem as file:line:column, and exit: 0 when
                           none is an error, else 65; says "FILE: ok, N
                           serials" on stderr for each that loads
      -q, --quiet          with --check, say nothing of a file that loads
      --verbose            with --print, --next, --upcoming: say each source's
                           warnings (else only when nothing could be read)
      --refresh            fetch every subscription now, print one line
                           each, and exit: 0 when all are current, else 75
      --sync               send the progress queued for AniList and MyAnimeList,
                           fetch the accounts' lists, print one line each, and
                           exit: 0 when all are current, else 75
      --init               write a starter schedule.json into the config
                           directory (never over an existing one) and exit
      --import-opml FILE   print a 'schedule = URL' line for each feed of an
                           OPML subscription list, and exit (the config is
                           never edited)
      -h, --help           show this help and exit
      -V, --version        show the version and exit

    Config file: $XDG_CONFIG_HOME/youbi/config (default ~/.config/youbi/config),
    'key = value' lines and # comments. Keys: schedule, labels, duration, mouse,
    theme, day-starts, loop, indicator, cursor, refresh, notify, notify-before,
    notify-via, notify-command, titles, backlog, columns, watch-on, reference,
    anilist, mal, mal-client-id, anilist-api, mal-api, anilist-token-file,
    anilist-token-command, mal-token-file, mal-token-command. Options override it.

    Keys: ←/→ or h/l change day, ↑/↓ or j/k move, PgUp PgDn/Space,
    Home/g End/G, 1–7 jump to a weekday, t today, c calendar/week, [/] previous/
    next week, Tab/Shift-Tab change section, / search (Enter keeps, Esc goes
    back), n/N next/previous match, Enter details, o open the link, y copy it,
    m mark seen, M catch up on older ones, f star, b what you are behind on,
    * only starred/all, w one day or the wide view, r reload (and fetch),
    ? help, Esc close, q or Ctrl-C quit.
    A letter after a time (17:45C) says the show is at a streaming site's slot
    (watch-on), not the TV's: C Crunchyroll, N Netflix, B bilibili, U U-NEXT.
    Schedule files reload by themselves when they change.
    Environment: YOUBI_SCHEDULE, XDG_CONFIG_HOME, TZ, NO_COLOR. See man youbi.
    """
}
