// The test processes' locale, set once when the test binary loads (see locale.c).
