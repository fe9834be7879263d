//! Ashtakoota against `reference/ashtakoota.py` → `ashtakoota_reference.json`:
//! every ordered pair of 110 Moons (the 108 pada midpoints, with the padas
//! holding 15° Sagittarius and 15° Capricorn taken on both sides of the
//! split), 12,100 matches, against three independent programs (PyJHora
//! 4.8.7, astro-skill 2.0.1, vedic-astro-engine-lite 1.2.0) and the issue's
//! stated rules implemented apart in the script.
//!
//! Each koota is held to the sources that share its convention, as the
//! script's `comparison` shows them: varna, tara and bhakoot to the stated
//! rules and astro-skill (PyJHora swaps the earth and air varnas, inverts
//! tara, and has one wrong bhakoot cell, held apart below); vashya to
//! PyJHora's table wherever PyJHora puts both Moons in the groups we do (it
//! splits Sagittarius and Capricorn by pada, not at 15°) and to the stated
//! rules where they decide; yoni and gana to PyJHora's tables everywhere
//! (the other programs use other tables); graha maitri and nadi to all
//! four.

use serde_json::Value;
use shared::astro::vedic::ashtakoota::{Koota, MatchMoon, VASHYA_GROUPS, ashtakoota, vashya};

fn row(scores: &Value, index: usize) -> Vec<Option<f64>> {
    scores[index].as_array().unwrap().iter().map(Value::as_f64).collect()
}

#[test]
fn twelve_thousand_matches_agree_with_the_programs_that_share_each_convention() {
    let reference: Value = serde_json::from_str(include_str!("reference/ashtakoota_reference.json")).unwrap();
    let moons: Vec<f64> = reference["moons"].as_array().unwrap().iter().map(|m| m["lon"].as_f64().unwrap()).collect();
    let n = moons.len();
    assert_eq!(n, reference["layout"]["N"].as_u64().unwrap() as usize);
    let sources = &reference["sources"];
    let pyjhora_groups: Vec<&str> =
        sources["pyjhora"]["tables"]["vashya_group_by_moon"].as_array().unwrap().iter().map(|g| g.as_str().unwrap()).collect();
    let ours_moons: Vec<MatchMoon> = moons.iter().map(|l| MatchMoon::of(*l)).collect();
    let same_vashya_group: Vec<bool> = ours_moons.iter().zip(&pyjhora_groups).map(|(m, g)| VASHYA_GROUPS[vashya(&m.place)] == *g).collect();

    let mut compared = [0usize; 8];
    for groom in 0..n {
        for bride in 0..n {
            let index = groom * n + bride;
            let ours = ashtakoota(&ours_moons[groom], &ours_moons[bride]);
            let points: Vec<f64> = Koota::ALL.iter().map(|k| ours.koota(*k).unwrap().points).collect();
            assert_eq!(ours.total, points.iter().sum::<f64>());
            let [pyjhora, astro_skill, engine, stated] =
                ["pyjhora", "astro_skill", "vedic_astro_engine_lite", "stated"].map(|s| row(&sources[s]["scores"], index));
            let at = || format!("groom {:.3}°, bride {:.3}°", moons[groom], moons[bride]);
            let mut expect = |koota: usize, theirs: &[Option<f64>], who: &str| {
                if let Some(value) = theirs[koota] {
                    assert_eq!(points[koota], value, "{} vs {who}: {}", Koota::ALL[koota].id(), at());
                    compared[koota] += 1;
                }
            };
            for koota in [0, 2, 6] {
                expect(koota, &stated, "the stated rules");
                expect(koota, &astro_skill, "astro-skill");
            }
            expect(1, &stated, "the stated rules");
            if same_vashya_group[groom] && same_vashya_group[bride] {
                expect(1, &pyjhora, "PyJHora");
            }
            for koota in [3, 5] {
                expect(koota, &pyjhora, "PyJHora");
                expect(koota, &stated, "the stated rules");
            }
            for koota in [4, 7] {
                for (theirs, who) in
                    [(&pyjhora, "PyJHora"), (&astro_skill, "astro-skill"), (&engine, "vedic-astro-engine-lite"), (&stated, "stated")]
                {
                    expect(koota, theirs, who);
                }
            }
            // PyJHora's bhakoot equals ours but for its one wrong cell:
            // bride Aquarius, groom Cancer, a 6/8 pair it gives 7.
            let (groom_sign, bride_sign) = (ours_moons[groom].place.rashi.id(), ours_moons[bride].place.rashi.id());
            if (groom_sign, bride_sign) == ("cancer", "aquarius") {
                assert_eq!((points[6], pyjhora[6]), (0.0, Some(7.0)), "{}", at());
            } else {
                expect(6, &pyjhora, "PyJHora");
            }
        }
    }
    eprintln!("ashtakoota: points compared per koota {compared:?}");
    // Every koota compared on thousands of pairs.
    assert!(compared.iter().all(|c| *c >= 2 * 1748), "{compared:?}");
}
