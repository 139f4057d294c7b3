"""The content as typed records: the component catalog and the rule index."""
