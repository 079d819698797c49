use super::*;

fn cut(weights: &[usize], opening: &[usize]) -> Vec<usize> {
    let items: Vec<usize> = (0..weights.len()).collect();
    batches(&items, |&i| weights[i], |i| opening.contains(i))
        .iter()
        .map(|b| b.len())
        .collect()
}

#[test]
fn batches_hold_few_items_little_text_and_end_at_groups() {
    assert_eq!(cut(&[0; 1200], &[]), [BATCH, BATCH, 1200 - 2 * BATCH]);
    assert_eq!(cut(&[], &[]), Vec::<usize>::new());
    // By weight: a batch takes what fits after its first item.
    let kb = 1024;
    assert_eq!(cut(&[200 * kb, 100 * kb, 10 * kb], &[]), [1, 2]);
    assert_eq!(cut(&[900 * kb, 900 * kb, 1], &[]), [1, 1, 1]);
    assert_eq!(cut(&[128 * kb, 128 * kb, 1], &[]), [2, 1]);
    // A group ends its batch.
    assert_eq!(cut(&[1; 5], &[1]), [2, 3]);
    assert_eq!(cut(&[1; 3], &[0, 1, 2]), [1, 1, 1]);
}
