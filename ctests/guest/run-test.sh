# run_test SUITE PROFILE TEST LIMIT: one test of the guest suite SUITE run by
# "sh SUITE PROFILE TEST" within LIMIT seconds, its output streamed to the
# console (a long test shows its progress) and kept, then the result line
# scripts/guest-run reads: "@@result TEST PASS", "SKIP reason" or "FAIL
# reason" (the test's last "SKIP: " or "FAIL: " line), and "@@time TEST
# SECONDS", the guest's time it took (under -icount, a measure of the
# instructions it ran). Sourced by the suites.
run_test() {
	echo "@@begin $3"
	read -r _up0 _ </proc/uptime
	{ timeout "$4" sh "$1" "$2" "$3" 2>&1; echo $? >/tmp/rc; } | tee /tmp/out
	read -r _up1 _ </proc/uptime
	case $(cat /tmp/rc) in
	0) echo "@@result $3 PASS" ;;
	77) echo "@@result $3 SKIP $(sed -n 's/^SKIP: //p' /tmp/out | tail -n 1)" ;;
	*) echo "@@result $3 FAIL $(sed -n 's/^FAIL: //p' /tmp/out | tail -n 1)" ;;
	esac
	echo "@@time $3 $(awk -v a="$_up0" -v b="$_up1" 'BEGIN { printf "%.1f", b - a }')"
}
