# gnuplot -e "cold='P-plot-cold.dat'; warm='P-plot-warm.dat'; out='P.png'; title='...'" plot.gp
# data lines: mode phase-index "phase" perf-median perf-p95 papi-median papi-p95
if (!exists("title")) title = "PAPI vs raw perf_event"
set terminal pngcairo size 1100,480 noenhanced font ",10"
set output out
set multiplot layout 1,2 title title
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.6 border -1
set logscale y
set ylabel "us per phase (log; bar = median, whisker = p95)"
set grid ytics
set key top right
set title "cold: one measurement per fresh process"
plot cold using 4:4:5:xtic(3) title "perf_event", '' using 6:6:7 title "PAPI"
set title "warm: repeated within one process"
plot warm using 4:4:5:xtic(3) title "perf_event", '' using 6:6:7 title "PAPI"
unset multiplot
