//! Who runs the draws: the message that starts or stops a node's draw scheduler and marquee timers. Its own file,
//! below the actors that obey it and the engine that sends it.

use actix::prelude::*;

/// Run the draws and the marquee's timers (`true`), or stop (`false`): in a cluster only the node holding the
/// lottery's lease runs them (the server's `leadership`); on its own a node always does.
#[derive(Message, Clone, Copy)]
#[rtype(result = "()")]
pub struct Lead(pub bool);
