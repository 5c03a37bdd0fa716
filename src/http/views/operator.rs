//! The operator's identity as the app reads it (`GET /operator`, `GET /admin/operator`): the stored fields plus
//! what the page would otherwise work out — each state's name, the WhatsApp link and whether a licence is set.

use serde_json::{json, Value};

use ayo_data::operator::Operator;

pub fn operator(operator: &Operator) -> Value {
    json!({
        "company": operator.company,
        "rc_number": operator.rc_number,
        "licences": operator.licences.iter().map(|l| json!({
            "state": l.state,
            "state_name": l.state_name(),
            "regulator": l.regulator,
            "number": l.number,
        })).collect::<Vec<_>>(),
        "address": operator.address,
        "support_phone": operator.support_phone,
        "whatsapp": operator.whatsapp,
        "whatsapp_link": operator.whatsapp_link(),
        "support_hours": operator.support_hours,
        "reply_time": operator.reply_time,
        "licensed": operator.is_licensed(),
    })
}
