// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// @notice OpenZeppelin's ERC-4626 tokenized vault over one ERC-20 asset, made deployable (ERC4626 is
/// abstract). Shares are an ERC-20 of their own (`name`, `symbol`) with the asset's decimals plus
/// DECIMALS_OFFSET. The offset is OpenZeppelin's defence against the first-depositor (donation)
/// inflation attack: 10**6 virtual shares make a donation that rounds a later deposit down cost the
/// attacker about a million times what the depositor loses, so the attack never pays.
contract PlatformVault is ERC4626 {
    uint8 public constant DECIMALS_OFFSET = 6;

    constructor(IERC20 asset_, string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC4626(asset_) {}

    function _decimalsOffset() internal pure override returns (uint8) {
        return DECIMALS_OFFSET;
    }
}
