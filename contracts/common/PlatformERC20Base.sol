// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Pausable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";
import {ERC1363} from "@openzeppelin/contracts/token/ERC20/extensions/ERC1363.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {RoleGated} from "./RoleGated.sol";
import {PlatformRoles} from "./PlatformRoles.sol";

/// What every platform ERC-20 is: EIP-2612 permit, ERC-1363 transfer/approve-and-call, pausing, minting and
/// burning behind the role gates, and the decimals chosen at creation. Burning needs the burner gate;
/// `burnFrom` also spends the holder's allowance. The initial supply is minted by the concrete contract,
/// once its own state (the votes clock) is set.
abstract contract PlatformERC20Base is ERC20, ERC20Permit, ERC1363, ERC20Pausable, RoleGated {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) ERC20Permit(name_) {
        _decimals = decimals_;
    }

    function decimals() public view virtual override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 value) external onlyMinter whenMintable {
        _mint(to, value);
    }

    function burn(uint256 value) external onlyBurner whenBurnable {
        _burn(_msgSender(), value);
    }

    function burnFrom(address account, uint256 value) external onlyBurner whenBurnable {
        _spendAllowance(account, _msgSender(), value);
        _burn(account, value);
    }

    function _update(address from, address to, uint256 value) internal virtual override(ERC20, ERC20Pausable) {
        super._update(from, to, value);
    }
}

/// A platform ERC-20 with AccessControl roles (PlatformERC20, PlatformERC20Votes).
abstract contract PlatformERC20Roles is PlatformERC20Base, PlatformRoles {
    function supportsInterface(bytes4 interfaceId) public view override(ERC1363, AccessControlEnumerable) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
