/// `1 error`, `2 errors`: summaries are read by people, so counts agree with their nouns.
func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : (pluralForm ?? singular + "s"))"
}
