//! PNG from the wheel's SVG, with `resvg`.
//!
//! The glyphs are paths and need no font; the labels are drawn with DejaVu
//! Sans, shipped in `shared/fonts/` (Bitstream Vera licence, beside it) and
//! loaded once, so a server without system fonts renders the same image.
//! No system font, no file and no network is ever read: images referenced
//! by the SVG (the renderer writes none) resolve to nothing.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

static DEJAVU_SANS: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PngError {
    #[error("width must be from {min} to {max} pixels, got {got}")]
    Width { got: u32, min: u32, max: u32 },
    #[error("the SVG could not be read: {0}")]
    Svg(String),
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

pub const MIN_WIDTH: u32 = super::ChartSize::MIN;
pub const MAX_WIDTH: u32 = super::ChartSize::MAX;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(DEJAVU_SANS.to_vec());
            // Whatever family the style names, a missing one falls back here.
            for set in [
                usvg::fontdb::Database::set_sans_serif_family,
                usvg::fontdb::Database::set_serif_family,
                usvg::fontdb::Database::set_monospace_family,
                usvg::fontdb::Database::set_cursive_family,
                usvg::fontdb::Database::set_fantasy_family,
            ] {
                set(&mut db, "DejaVu Sans");
            }
            Arc::new(db)
        })
        .clone()
}

/// The wheel's SVG read as a tree of resolved paths and laid-out text,
/// with the shipped font and no external resource: what the PNG is drawn
/// from; the PDF report walks the paths of its text-free SVG
/// ([`super::render_shapes_and_labels`]).
pub fn svg_tree(svg: &str) -> Result<usvg::Tree, PngError> {
    let options = usvg::Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: fonts(),
        image_href_resolver: usvg::ImageHrefResolver { resolve_data: Box::new(|_, _, _| None), resolve_string: Box::new(|_, _| None) },
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))
}

/// `svg` rasterised `width` pixels wide (200–4000), the height keeping the
/// image's proportions.
pub fn svg_to_png(svg: &str, width: u32) -> Result<Vec<u8>, PngError> {
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        return Err(PngError::Width { got: width, min: MIN_WIDTH, max: MAX_WIDTH });
    }
    let tree = svg_tree(svg)?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = ((size.height() * scale).round() as u32).clamp(1, MAX_WIDTH * 4);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or_else(|| PngError::Encode("empty image".to_owned()))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    encode(&pixmap)
}

/// The pixmap as PNG: straight (not premultiplied) RGBA, compressed in
/// the fast mode, which is several times quicker than the default and
/// about as small on a drawing of flat colours.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PngError> {
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for pixel in pixmap.pixels() {
        let color = pixel.demultiply();
        rgba.extend_from_slice(&[color.red(), color.green(), color.blue(), color.alpha()]);
    }
    let mut out = Vec::with_capacity(rgba.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let fail = |e: png::EncodingError| PngError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(&rgba).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}
