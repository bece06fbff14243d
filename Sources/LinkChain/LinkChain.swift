public enum LinkChainPlaceholder {}
