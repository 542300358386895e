// Clinical: Cotside's calculators as pure values and functions. Each tool declares its inputs
// (keys, units, valid ranges, wording) and references, validates raw values against them and
// computes a result; the Tools pane and the command line are generated from those declarations.
//
// May: import Foundation for maths, dates and the text of numbers; load the reference tables the
// program ships (Resources/clinical, Resources/stroke) once, through `ReferenceFile`, and parse
// them, because the tables are part of the model the tools compute with.
// May not: read or write any other file, standard input or output, the environment or the
// arguments; print, exit or start processes; speak the `calc` command line, JSON requests and
// answers, or batches (that is CalcContract); draw screens or touch the store (CotsideApp).
