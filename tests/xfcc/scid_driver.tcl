# scid_driver.tcl: runs Scid's own Xfcc client (the `namespace eval Xfcc`
# of tcl/tools/correspondence.tcl, Debian package scid) in tclsh, with
# the few Tk and Scid calls it makes replaced by plain stubs.  Nothing of
# Scid's Xfcc code is changed or copied: the namespace is read from the
# installed file and evaluated as it is.
#
#   tclsh scid_driver.tcl CORRESPONDENCE_TCL WORKDIR fetch URI USER PASS
#       ::Xfcc::ProcessAll: GetMyGames, then Scid writes WORKDIR/inbox/
#       corrchess-ID.pgn per game and its state file WORKDIR/xfccstate.dat;
#       the state file is then loaded back as Scid does at start-up and
#       printed as lines "STATE<TAB>corrchess-ID<TAB>key<TAB>value".
#   tclsh scid_driver.tcl CORRESPONDENCE_TCL WORKDIR send URI USER PASS \
#           GAMEID MOVECOUNT MOVE COMMENT RESIGN ACCEPTDRAW OFFERDRAW CLAIMDRAW
#       ::Xfcc::Send (MakeAMove) exactly as Scid's "Send move" calls it.
#
# Everything Scid shows the user (its console lines, message boxes) is
# printed as "CONSOLE ..." and "MESSAGEBOX ..." lines for the test.
package require http
package require tdom
fconfigure stdout -encoding utf-8

lassign $argv corrtcl workdir cmd uri user pass
set ::workdir $workdir
file mkdir [file join $workdir inbox]

# ---- stubs for what Scid's Xfcc namespace calls outside itself ----
set ::scidVersion "4.7.4"
set ::scidVersionDate "2018"
proc tk {args} { return "x11" }
proc tk_messageBox {args} {
	puts "MESSAGEBOX $args"
	return ok
}
proc scidConfigFile {name} { return [file join $::workdir "$name.dat"] }
proc ::tr {key} { return $key }
namespace eval ::splash { proc add {args} {} }
namespace eval ::CorrespondenceChess {
	proc updateConsole {line} { puts "CONSOLE $line" }
}

# ---- Scid's Xfcc namespace, read from the installed file ----
set f [open $corrtcl r]
set src [read $f]
close $f
set start [string first "namespace eval Xfcc \{" $src]
if {$start < 0} {
	puts stderr "no Xfcc namespace in $corrtcl"
	exit 2
}
# The namespace is the shortest complete Tcl command from its start.
set end [expr {$start + 20}]
while {![info complete [string range $src $start $end]]} {
	set nl [string first "\n" $src [expr {$end + 1}]]
	if {$nl < 0} {
		puts stderr "the Xfcc namespace never closes"
		exit 2
	}
	set end $nl
}
eval [string range $src $start $end]

# Observe (not change) what the server answered: Scid itself only shows
# its reading of it, and its pattern "InvalidMove" also catches
# "InvalidMoveNumber".  Printed as "ANSWER <code>" before Scid's own
# handling of the answer runs as it is.
rename ::Xfcc::SOAPError ::Xfcc::SOAPError_scid
proc ::Xfcc::SOAPError {server xml} {
	if {[regexp {<MakeAMoveResult>([^<]*)</MakeAMoveResult>} $xml -> code]} {
		puts "ANSWER $code"
	} elseif {[regexp {<faultstring>([^<]*)</faultstring>} $xml -> code]} {
		puts "ANSWER fault $code"
	}
	::Xfcc::SOAPError_scid $server $xml
}

# ---- Scid's server list (its .xfccrc), one corrchess server ----
set rc [file join $workdir xfccrc]
set f [open $rc w]
puts $f "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
puts $f "<xfcc><server><name>corrchess</name><uri>[::Xfcc::xmlencrypt $uri]</uri>"
puts $f "<user>[::Xfcc::xmlencrypt $user]</user><pass>[::Xfcc::xmlencrypt $pass]</pass>"
puts $f "<rating>ICCF</rating></server></xfcc>"
close $f
::Xfcc::ReadConfig $rc

switch -- $cmd {
	fetch {
		::Xfcc::ProcessAll [file join $workdir inbox]
		# Load the state file back, as Scid does when it starts.
		set ::Xfcc::xfccstate {}
		namespace eval ::Xfcc [list source [scidConfigFile xfccstate]]
		foreach game $::Xfcc::xfccstate {
			set id [lindex $game 0]
			foreach kv [lrange $game 1 end] {
				puts "STATE\t$id\t[lindex $kv 0]\t[lindex $kv 1]"
			}
		}
	}
	send {
		lassign [lrange $argv 6 end] gameid movecount move comment resign accept offer claim
		::Xfcc::Send corrchess $gameid $movecount $move $comment $resign $accept $offer $claim
	}
	default {
		puts stderr "unknown command $cmd"
		exit 2
	}
}
exit 0
