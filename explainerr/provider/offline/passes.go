package offline

// passes are the analyzer's passes, in no particular order: the dispatch
// gives a failure to the one whose classes hold its class (passFor), and
// passes_test.go checks that each class has exactly one. Adding a pass is
// adding its value here.
var passes = []*pass{
	nilPointerPass,
	nilMapPass,
	indexRangePass,
	sliceBoundsPass,
	typeAssertionPass,
	divideByZeroPass,
	channelPass,
	negativeWaitGroupPass,
	stackOverflowPass,
	concurrentMapPass,
	deadlockPass,
	dataRacePass,
	testTimeoutPass,
	cgoSignalPass,
	templatePass,
	noRowsPass,
	sqlSchemaPass,
	argumentTypePass,
	valuerResultPass,
	ormRelationPass,
	constraintPass,
	sqlScanPass,
	strconvPass,
	jsonDecodePass,
	jsonEncodePass,
	unexpectedEOFPass,
	notFoundPass,
	multipleRowsPass,
	dbSignInPass,
	connRefusedPass,
	dbClosedPass,
	fileErrorPass,
	contextEndedPass,
	recoveredPass,
}
