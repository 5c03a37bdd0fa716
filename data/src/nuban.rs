//! NUBAN check digit.
