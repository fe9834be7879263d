//! Numerology, pure: the life path and birthday numbers of a birth date.
//!
//! Reduction convention (Pythagorean, "reduce each part first"):
//! - A number is reduced by summing its digits until a single digit remains,
//!   except that the master numbers 11, 22 and 33 are kept.
//! - Life path: month, day and year are each reduced first (the year from
//!   the sum of its four digits), then the three results are added and that
//!   total is reduced. `reduced_from` is that total (the compound number;
//!   equal to the value when nothing was left to reduce).
//! - Birthday: the day of the month, reduced the same way.
//! - Karmic debt: the compound number, or any sum met while reducing it, is
//!   13, 14, 16 or 19 (for the birthday: the day itself is one of them).
//!
//! `calculation` spells out every step.

pub const MASTER_NUMBERS: [u32; 3] = [11, 22, 33];
pub const KARMIC_DEBT_NUMBERS: [u32; 4] = [13, 14, 16, 19];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumerologyNumber {
    pub value: u32,
    pub is_master_number: bool,
    pub is_karmic_debt: bool,
    pub reduced_from: u32,
    pub calculation: String,
}

fn digit_sum(n: u32) -> u32 {
    let mut n = n;
    let mut sum = 0;
    while n > 0 {
        sum += n % 10;
        n /= 10;
    }
    sum
}

fn digits_text(n: u32) -> String {
    n.to_string().chars().map(String::from).collect::<Vec<_>>().join("+")
}

/// Reduces `n`, keeping master numbers; returns the value and every number
/// passed through (including `n`).
fn reduce(n: u32) -> (u32, Vec<u32>) {
    let mut chain = vec![n];
    let mut current = n;
    while current > 9 && !MASTER_NUMBERS.contains(&current) {
        current = digit_sum(current);
        chain.push(current);
    }
    (current, chain)
}

/// "29 → 2+9 = 11" for a chain [29, 11].
fn chain_text(chain: &[u32]) -> String {
    let mut text = chain[0].to_string();
    for pair in chain.windows(2) {
        text.push_str(&format!(" → {} = {}", digits_text(pair[0]), pair[1]));
    }
    text
}

fn master_mark(value: u32) -> &'static str {
    if MASTER_NUMBERS.contains(&value) { " (master number)" } else { "" }
}

/// The life path number of a birth date.
pub fn life_path(year: i32, month: u32, day: u32) -> NumerologyNumber {
    let (month_value, month_chain) = reduce(month);
    let (day_value, day_chain) = reduce(day);
    let year_digits = year.unsigned_abs();
    let (year_value, year_chain) = reduce(digit_sum(year_digits));
    let total = month_value + day_value + year_value;
    let (value, total_chain) = reduce(total);
    let is_karmic_debt = total_chain.iter().any(|n| KARMIC_DEBT_NUMBERS.contains(n));
    let calculation = format!(
        "month {}{}; day {}{}; year {} → {} = {}{}; {} + {} + {} = {}{}",
        chain_text(&month_chain),
        master_mark(month_value),
        chain_text(&day_chain),
        master_mark(day_value),
        year_digits,
        digits_text(year_digits),
        chain_text(&year_chain),
        master_mark(year_value),
        month_value,
        day_value,
        year_value,
        chain_text(&total_chain),
        master_mark(value),
    );
    NumerologyNumber { value, is_master_number: MASTER_NUMBERS.contains(&value), is_karmic_debt, reduced_from: total, calculation }
}

/// The birthday number: the day of the month, reduced.
pub fn birthday(day: u32) -> NumerologyNumber {
    let (value, chain) = reduce(day);
    NumerologyNumber {
        value,
        is_master_number: MASTER_NUMBERS.contains(&value),
        is_karmic_debt: KARMIC_DEBT_NUMBERS.contains(&day),
        reduced_from: day,
        calculation: format!("day {}{}", chain_text(&chain), master_mark(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calculation_shows_every_step() {
        let number = life_path(1990, 5, 11);
        assert_eq!(
            number.calculation,
            "month 5; day 11 (master number); year 1990 → 1+9+9+0 = 19 → 1+9 = 10 → 1+0 = 1; 5 + 11 + 1 = 17 → 1+7 = 8"
        );
        assert_eq!((number.value, number.reduced_from, number.is_master_number, number.is_karmic_debt), (8, 17, false, false));
        assert_eq!(birthday(29).calculation, "day 29 → 2+9 = 11 (master number)");
    }
}
