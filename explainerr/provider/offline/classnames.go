package offline

import "github.com/explainerr/explainerr/explainerr/failureclass"

// The analyzer names the failure classes of package failureclass with a
// Class prefix, so that its passes read as before the classes moved there.

// Class names a kind of failure the analyzer recognises (failureclass.Class).
type Class = failureclass.Class

// failure is a recognised error: its class and the facts its message gives.
type failure = failureclass.Failure

// The failure classes, as package failureclass declares them.
const (
	ClassNilPointer       = failureclass.NilPointer
	ClassNilFunc          = failureclass.NilFunc
	ClassNilMap           = failureclass.NilMap
	ClassIndexRange       = failureclass.IndexRange
	ClassSliceBounds      = failureclass.SliceBounds
	ClassTypeAssertion    = failureclass.TypeAssertion
	ClassDivideByZero     = failureclass.DivideByZero
	ClassSendClosed       = failureclass.SendClosed
	ClassCloseClosed      = failureclass.CloseClosed
	ClassCloseNil         = failureclass.CloseNil
	ClassNegativeWG       = failureclass.NegativeWG
	ClassStackOverflow    = failureclass.StackOverflow
	ClassConcurrentMap    = failureclass.ConcurrentMap
	ClassDeadlock         = failureclass.Deadlock
	ClassUnexpectedSignal = failureclass.UnexpectedSignal
	ClassDataRace         = failureclass.DataRace
	ClassTestTimeout      = failureclass.TestTimeout
	ClassTemplateUndef    = failureclass.TemplateUndef
	ClassTemplateFunc     = failureclass.TemplateFunc
	ClassTemplateParse    = failureclass.TemplateParse
	ClassTemplateNoKey    = failureclass.TemplateNoKey
	ClassTemplateField    = failureclass.TemplateField
	ClassTemplateNil      = failureclass.TemplateNil
	ClassTemplateExec     = failureclass.TemplateExec
	ClassTemplateEscape   = failureclass.TemplateEscape
	ClassNoRows           = failureclass.NoRows
	ClassNoSuchColumn     = failureclass.NoSuchColumn
	ClassNoSuchTable      = failureclass.NoSuchTable
	ClassNoSuchFunction   = failureclass.NoSuchFunction
	ClassArgumentType     = failureclass.ArgumentType
	ClassValuerResult     = failureclass.ValuerResult
	ClassORMRelation      = failureclass.ORMRelation
	ClassNotNull          = failureclass.NotNull
	ClassUnique           = failureclass.Unique
	ClassForeignKey       = failureclass.ForeignKey
	ClassCheck            = failureclass.Check
	ClassEnumValue        = failureclass.EnumValue
	ClassValueTooLong     = failureclass.ValueTooLong
	ClassValueType        = failureclass.ValueType
	ClassSQLSyntax        = failureclass.SQLSyntax
	ClassSQLScan          = failureclass.SQLScan
	ClassStrconvSyntax    = failureclass.StrconvSyntax
	ClassStrconvRange     = failureclass.StrconvRange
	ClassJSONSyntax       = failureclass.JSONSyntax
	ClassJSONType         = failureclass.JSONType
	ClassJSONUnknownField = failureclass.JSONUnknownField
	ClassJSONValue        = failureclass.JSONValue
	ClassJSONEncode       = failureclass.JSONEncode
	ClassUnexpectedEOF    = failureclass.UnexpectedEOF
	ClassNotFound         = failureclass.NotFound
	ClassMissingWhere     = failureclass.MissingWhere
	ClassMultipleRows     = failureclass.MultipleRows
	ClassConnRefused      = failureclass.ConnRefused
	ClassDBSignIn         = failureclass.DBSignIn
	ClassDBClosed         = failureclass.DBClosed
	ClassFileNotFound     = failureclass.FileNotFound
	ClassRejectedInput    = failureclass.RejectedInput
	ClassFilePermission   = failureclass.FilePermission
	ClassDeadline         = failureclass.Deadline
	ClassCanceled         = failureclass.Canceled
	ClassStmtCanceled     = failureclass.StmtCanceled
	ClassInputName        = failureclass.InputName
	ClassEmptySetting     = failureclass.EmptySetting
	ClassDeliberatePanic  = failureclass.DeliberatePanic
	ClassLostSentinel     = failureclass.LostSentinel
	ClassRecovered        = failureclass.Recovered
	ClassUnknown          = failureclass.Unknown
)
