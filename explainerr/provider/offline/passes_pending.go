package offline

// The passes below are not yet in a file of their own: their explain steps
// live in the files that held the analyzer's classes before it was split
// into passes (explain_runtime.go, explain_data.go, explain_infra.go and
// others). Moving one means moving its value and its step to a file named
// after it, with a test-data directory.

var nilPointerPass = &pass{
	name:    "nil-pointer",
	doc:     "A nil pointer dereference: names the nil operand of the failing line and follows it back to where it was made (a constructor that left a field unset, a function returning nil, nil, a parameter passed nil).",
	classes: []Class{ClassNilPointer},
	needs:   []need{needModule},
	explain: always((*analysis).nilPointer),
}

var noRowsPass = &pass{
	name:    "sql-no-rows",
	doc:     "sql.ErrNoRows answered as a server error: the query that found nothing and the check that should have turned it into a 404.",
	classes: []Class{ClassNoRows},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).noRows),
}

var sqlSchemaPass = &pass{
	name:    "sql-schema",
	doc:     "A query that names a column or table the schema lacks, or that the database cannot parse: the query, the schema that defines the table, and the name that differs.",
	classes: []Class{ClassNoSuchColumn, ClassNoSuchTable, ClassSQLSyntax},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).sqlSchema),
}

var constraintPass = &pass{
	name:    "constraint",
	doc:     "A NOT NULL, UNIQUE, FOREIGN KEY or CHECK constraint the statement violated: the column, the schema's rule, and the value the code gave.",
	classes: []Class{ClassNotNull, ClassUnique, ClassForeignKey, ClassCheck},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).constraint),
}

var notFoundPass = &pass{
	name:    "not-found-as-error",
	doc:     "A lookup that found nothing answered as a server error: the app's own not-found error and the status it should map to.",
	classes: []Class{ClassNotFound},
	needs:   []need{needModule},
	explain: always((*analysis).notFound),
}
