//! Money in integer kobo.
