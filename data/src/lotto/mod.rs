//! Pure 5/90 lotto rules.
