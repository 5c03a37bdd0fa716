//! The React app, embedded in the binary at build time (`web/dist`), served for every path outside `/api`.
//! Unknown paths get `index.html`: the app's router decides what they show (its Not Found page included).

use actix_web::{http::header, HttpRequest, HttpResponse};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "web/dist"]
#[allow_missing = true]
struct WebApp;

const NOT_BUILT: &str = "<!doctype html><title>Ayo Lotto</title><p>The web app is not built. Run \
<code>bash scripts/run.sh</code>, which builds it, or <code>npm run build</code> in <code>web/</code>.</p>";

/// The app's `index.html` as built, if it is.
pub fn index_html() -> Option<String> {
    WebApp::get("index.html").map(|index| String::from_utf8_lossy(&index.data).into_owned())
}

pub async fn serve(req: HttpRequest) -> HttpResponse {
    let path = req.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| WebApp::get(path)).flatten() {
        // Vite puts content-hashed files under assets/: they never change, so they may be cached for good.
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        return HttpResponse::Ok()
            .content_type(file.metadata.mimetype())
            .insert_header((header::CACHE_CONTROL, cache))
            .body(file.data.into_owned());
    }
    match WebApp::get("index.html") {
        Some(index) => HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .body(index.data.into_owned()),
        None => HttpResponse::Ok().content_type("text/html; charset=utf-8").body(NOT_BUILT),
    }
}
