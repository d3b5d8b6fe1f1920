"""Pages: the static stepper and quiz, the standalone walkthrough page, the widgets."""
