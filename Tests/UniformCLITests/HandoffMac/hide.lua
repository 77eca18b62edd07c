-- CotEditor's settings backups are its own: no other editor is offered them.
uniform.hide{ type = "com.coteditor.CotEditor.settings", only = "com.coteditor.*", reason = "settings backups open only in CotEditor" }
