// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR, VALIDATION_SUCCESS, VALIDATION_FAILED} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {WebAuthn} from "@openzeppelin/contracts/utils/cryptography/WebAuthn.sol";

/// @title PasskeyValidator
/// @notice ERC-7579 validator module: one passkey (P-256 public key) per smart account. Install data is
/// `abi.encode(bytes32 x, bytes32 y, bool requireUV)`. A signature is the flat
/// `abi.encode(r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON)` of a WebAuthn assertion
/// whose challenge is the user-operation hash (or the ERC-1271 hash), verified with OpenZeppelin's WebAuthn.
contract PasskeyValidator {
    struct PublicKey {
        bytes32 x;
        bytes32 y;
        bool requireUV;
    }

    event PasskeyRegistered(address indexed account, bytes32 x, bytes32 y);

    error InvalidPublicKey();
    error NotInitialized(address account);

    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;

    mapping(address account => PublicKey) public keyOf;

    function onInstall(bytes calldata data) external payable {
        (bytes32 x, bytes32 y, bool requireUV) = abi.decode(data, (bytes32, bytes32, bool));
        if (x == 0 && y == 0) revert InvalidPublicKey();
        keyOf[msg.sender] = PublicKey(x, y, requireUV);
        emit PasskeyRegistered(msg.sender, x, y);
    }

    function onUninstall(bytes calldata) external payable {
        if (keyOf[msg.sender].x == 0 && keyOf[msg.sender].y == 0) revert NotInitialized(msg.sender);
        delete keyOf[msg.sender];
    }

    function isModuleType(uint256 typeId) external pure returns (bool) {
        return typeId == MODULE_TYPE_VALIDATOR;
    }

    function isInitialized(address account) external view returns (bool) {
        return keyOf[account].x != 0 || keyOf[account].y != 0;
    }

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external payable returns (uint256) {
        return _verify(msg.sender, userOpHash, userOp.signature) ? VALIDATION_SUCCESS : VALIDATION_FAILED;
    }

    function isValidSignatureWithSender(address, bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _verify(msg.sender, hash, signature) ? ERC1271_MAGIC : ERC1271_INVALID;
    }

    function _verify(address account, bytes32 hash, bytes calldata signature) private view returns (bool) {
        PublicKey memory key = keyOf[account];
        if (key.x == 0 && key.y == 0) return false;
        (bool decoded, WebAuthn.WebAuthnAuth calldata auth) = WebAuthn.tryDecodeAuth(signature);
        return decoded && WebAuthn.verify(abi.encodePacked(hash), auth, key.x, key.y, key.requireUV);
    }
}
