//  module.
