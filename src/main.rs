fn main() {
    println!("tudoku: work in progress");
}
