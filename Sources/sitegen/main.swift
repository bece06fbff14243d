import SiteGen
print(SiteGenPlaceholder.runtime.count)
