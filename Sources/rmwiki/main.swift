import RMWikiCLI
print("rmwiki")
