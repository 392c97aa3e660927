# bash completion for youbi: options, their values, day names, schedule files and URLs.
# Installed as $(PREFIX)/share/bash-completion/completions/youbi.

_youbi() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local prev=${COMP_WORDS[COMP_CWORD-1]}
  # --opt=value: bash splits at '=' (COMP_WORDBREAKS), so look past it.
  if [[ $cur == = ]]; then
    cur=
  elif [[ $prev == = ]]; then
    prev=${COMP_WORDS[COMP_CWORD-2]}
  fi
  local days="monday tuesday wednesday thursday friday saturday sunday"
  days+=" mon tue wed thu fri sat sun today"
  local values=
  case $prev in
    -d | --day) values=$days ;;
    --labels) values="ja en" ;;
    --theme) values="dark light mono" ;;
    --indicator) values="underline block" ;;
    --columns) values="auto 1 2 3 4 5 6 7" ;;
    --day-starts) values="0 1 2 3 4 5 6 7 8 9 10 11 12" ;;
    --titles) values="original en ja zh-Hans zh-Hant" ;;
    --watch-on) values="crunchyroll netflix bilibili unext danime abema prime disneyplus nicovideo youtube" ;;
    --date) values="" ;;
    --duration) values="0 150 250 400" ;;
    --format) values="text json ics" ;;
    --upcoming) values="10m 30m 1h 1d" ;;
    --config)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
  esac
  if [[ -n $values ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    return
  fi
  if [[ $cur == -* ]]; then
    local options="--day --labels --duration --no-animation --no-mouse --theme --day-starts"
    options+=" --no-loop --indicator --columns --cursor --titles --watch-on --config --no-config --print --date --all"
    options+=" --check --refresh --sync --init --import-opml"
    options+=" --next --upcoming --starred --short --format"
    options+=" --quiet --verbose --help --version -d -q -h -V"
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return
  fi
  # The schedule: JSON and iCalendar files, and directories to reach them; or a
  # subscription, whose scheme is offered once the word starts one (bash splits the
  # rest at the ':').
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(
    compgen -f -X '!*.json' -- "$cur"
    compgen -f -X '!*.ics' -- "$cur"
    compgen -d -- "$cur"
    [[ -n $cur ]] && compgen -W "https:// http://" -- "$cur"
  )
  if [[ -n $cur && ( "https://" == "$cur"* || "http://" == "$cur"* ) ]]; then
    compopt -o nospace 2>/dev/null
  fi
}
complete -F _youbi youbi
