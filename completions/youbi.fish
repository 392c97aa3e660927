# fish completion for youbi: options, their values, day names, schedule files and URLs.
# Installed as $(PREFIX)/share/fish/vendor_completions.d/youbi.fish.

set -l days monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun today

# The schedule argument: JSON and iCalendar files, then directories, not every file;
# a subscription's URL scheme once the word starts one.
function __youbi_schedules
    set -l token (commandline -ct)
    set -l found (complete -C "__fish_command_without_completions $token")
    string match -r -- '^.*\.(?:json|ics)$' $found
    string match -r -- '^.*/$' $found
    if test -n "$token"
        string match -- "$token*" https:// http://
    end
end
complete -c youbi -f -k -a '(__youbi_schedules)'

complete -c youbi -s d -l day -x -a "$days" -d 'Start on a day'
complete -c youbi -l labels -x -a 'ja en' -d 'Weekday labels'
complete -c youbi -l duration -x -d 'Slide duration in ms (0 = none)'
complete -c youbi -l no-animation -d 'No slide animation'
complete -c youbi -l no-mouse -d 'Leave the mouse to the terminal'
complete -c youbi -l theme -x -a 'dark light mono' -d 'Colours'
complete -c youbi -l day-starts -x -a '(seq 0 12)' -d 'The hour a day starts'
complete -c youbi -l no-loop -d 'Stop at the ends of the week'
complete -c youbi -l indicator -x -a 'underline block' -d 'How the tab bar marks the day'
complete -c youbi -l columns -x -a 'auto 1 2 3 4 5 6 7' -d 'Days side by side'
complete -c youbi -l cursor -d 'Show the terminal cursor'
complete -c youbi -l config -r -F -d 'Read settings from a file'
complete -c youbi -l no-config -d 'Read no config file'
complete -c youbi -l titles -x -a 'original en ja zh-Hans zh-Hant' -d 'The language of titles'
complete -c youbi -l watch-on -x -a 'crunchyroll netflix bilibili unext danime abema prime disneyplus nicovideo youtube' -d 'Streaming sites whose slots place shows'
complete -c youbi -l print -d 'Print this week as plain text'
complete -c youbi -l date -x -d 'With --print, the week of this date (YYYY-MM-DD)'
complete -c youbi -l all -d 'With --print, every entry as the file writes it'
complete -c youbi -l next -d 'Print the next releases'
complete -c youbi -l upcoming -x -a '10m 30m 1h 1d' -d 'Print the releases within a time'
complete -c youbi -l starred -d 'Only starred serials'
complete -c youbi -l short -d 'One line of at most 40 columns'
complete -c youbi -l format -x -a 'text json ics' -d 'How to write'
complete -c youbi -l check -d 'Check the schedules and print every problem'
complete -c youbi -l refresh -d 'Fetch every subscription now'
complete -c youbi -l sync -d 'Send queued progress to the trackers and fetch the lists'
complete -c youbi -s q -l quiet -d 'With --check, say nothing of a file that loads'
complete -c youbi -l verbose -d 'With --print, --next or --upcoming, say each source’s warnings'
complete -c youbi -l init -d 'Write a starter schedule.json'
complete -c youbi -l import-opml -r -F -d 'Print schedule lines for the feeds of an OPML file'
complete -c youbi -s h -l help -d 'Show help'
complete -c youbi -s V -l version -d 'Show the version'
