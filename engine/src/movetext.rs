//! Reading game movetext (move numbers, comments, marks and result tokens around the moves).
