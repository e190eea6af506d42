print("rmwiki-bench: nothing yet")
