# Completes a command line in an interactive zsh on a pseudo-terminal and
# prints each candidate on its own line, for tests/cli_completions.rs.
# usage: zsh -f complete.zsh FPATH_DIR "command line "
# `compadd` is wrapped to print what it adds as <hit:...>, and a function
# run after completion prints <end>; the markers are split in the source
# so that the terminal's echo of these lines never matches them.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'bindkey "^I" complete-word'
zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; local -a __hits; builtin compadd -A __hits "$@"; local h; for h in $__hits; do print -r -- "<hi""t:$h>"; done; }'
zpty -w z 'comppostfuncs=(__done); __done() { print -r -- "<e""nd>"; }'
zpty -w z "$2"$'\t'
zpty -r z out '*<end>*'
zpty -d z
for line in ${(f)out}; do
  [[ $line == *'<hit:'*'>'* ]] && print -r -- "${${line#*<hit:}%%>*}"
done
