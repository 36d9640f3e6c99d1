use std::process::ExitCode;

fn main() -> ExitCode {
    match tudoku::ui::run(tudoku::ui::Launch::default()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tudoku: {e}");
            ExitCode::FAILURE
        }
    }
}
