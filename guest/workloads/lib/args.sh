# shellcheck shell=sh
# Sourced by the guest scripts: the xarray.NAME=VALUE arguments the host
# puts on the kernel command line.
#	xarray_arg NAME		print xarray.NAME's value (nothing if absent)
#	scaled N [MIN]		N divided by xarray.scale (1 if absent), and
#				at least MIN: the debug kernel's boots, where
#				everything is many times slower, cut the
#				workloads' sizes and times so

xarray_arg() {
	tr ' ' '\n' </proc/cmdline | sed -n "s/^xarray\.$1=//p" | tail -n 1
}

scaled() {
	s=$(xarray_arg scale)
	n=$(($1 / ${s:-1}))
	echo $((n < ${2:-0} ? ${2:-0} : n))
}
